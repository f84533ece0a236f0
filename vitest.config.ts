import path from "node:path";
import { defineConfig } from "vitest/config";

// Unit and integration tests. Playwright specs (tests/e2e) run separately via playwright.config.ts.
// Every file that needs a database opens its own (tests/helpers/test-db.ts), so files may run in
// parallel; two workers match the 2-core CI machine.
export default defineConfig({
  resolve: {
    tsconfigPaths: true,
    // server/app.ts imports the React Router build, which only the Vite build generates; tests
    // that run the whole application get one made from the same route table.
    alias: { "virtual:react-router/server-build": path.resolve("tests/helpers/server-build.ts") },
  },
  test: {
    environment: "node",
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
    exclude: ["**/node_modules/**", "tests/e2e/**", "build/**", ".react-router/**"],
    // One migrated embedded database per run, copied by each file (tests/helpers/test-db.ts).
    globalSetup: ["tests/helpers/pglite-template.ts"],
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: "test" },
  },
});
