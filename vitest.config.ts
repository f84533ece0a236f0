import { defineConfig } from "vitest/config";

// Unit and integration tests. Playwright specs (tests/e2e) run separately via playwright.config.ts.
// Every file that needs a database opens its own (tests/helpers/test-db.ts), so files may run in
// parallel; two workers match the 2-core CI machine.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
    exclude: ["**/node_modules/**", "tests/e2e/**", "build/**", ".react-router/**"],
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: "test" },
  },
});
