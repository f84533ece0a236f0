import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The production server is our Hono process (server/app.ts), bundled as the SSR entry so that it
// can import the React Router server build as a virtual module.
export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  environments: {
    ssr: {
      build: { rolldownOptions: { input: "./server/app.ts" }, target: "node24" },
    },
  },
  ssr: {
    external: ["@electric-sql/pglite", "sharp", "pg", "pino", "nodemailer"],
    noExternal: ["drizzle-orm", "lucide-react", "better-auth", /^@better-auth\//],
  },
});
