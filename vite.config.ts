import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/** Lazily imported chunks whose own imports are preloaded with them (see `modulePreload` below). */
const PRELOAD_DEPENDENCIES =
  /(dropdown-menu-impl|popover-impl|dialog-impl|sheet-impl|member-controls)-[\w-]+\.js$/;

/** Modules on every page: the browser entry, the document and the layouts around all pages. */
const EVERY_PAGE = [
  /[\\/]app[\\/]entry\.client\.tsx$/,
  /[\\/]app[\\/]root\.tsx$/,
  /[\\/]app[\\/]routes[\\/]shell\.tsx$/,
  /[\\/]app[\\/]routes[\\/]boundary\.tsx$/,
];

/**
 * The application modules statically imported, directly or not, by the modules on every page.
 * The browser needs all of them before the first page is interactive, so they go into one chunk
 * (the "shell" group below, which brings the packages they use along) instead of dozens of small
 * ones: gzip compresses the whole much better than the sum of the parts. Dynamic imports are not
 * followed, nor are packages' own imports (a package index such as lucide-react's re-exports
 * everything; the bundler knows which parts are used).
 */
const everyPageModules = new Set<string>();

function everyPageClosure(): Plugin {
  return {
    name: "sanctuary:every-page-closure",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      everyPageModules.clear();
      const queue = [...this.getModuleIds()].filter((id) =>
        EVERY_PAGE.some((pattern) => pattern.test(id)),
      );
      while (queue.length > 0) {
        const id = queue.pop()!;
        if (everyPageModules.has(id) || id.includes("node_modules") || id.startsWith("\0"))
          continue;
        everyPageModules.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}

// The production server is our Hono process (server/app.ts), bundled as the SSR entry so that it
// can import the React Router server build as a virtual module.
export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), everyPageClosure()],
  resolve: { tsconfigPaths: true },
  environments: {
    client: {
      build: {
        // A dynamic import() preloads the chunks its module imports only where waiting for them
        // would show: menus, popovers, dialogs and the drawer opening, the member's header
        // controls. Every preload is listed in the entry chunk, which every page downloads.
        modulePreload: {
          resolveDependencies: (file, deps) => (PRELOAD_DEPENDENCIES.test(file) ? deps : []),
        },
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [{ name: "shell", test: (id) => everyPageModules.has(id) }],
            },
          },
        },
      },
    },
    ssr: {
      build: { rolldownOptions: { input: "./server/app.ts" }, target: "node24" },
    },
  },
  ssr: {
    external: ["@electric-sql/pglite", "sharp", "pg", "pino", "nodemailer"],
    // rrule's package.json names its ES build only as "module" (no "exports"): Node would load
    // the CommonJS build, whose named exports it cannot see, so the server bundles it.
    noExternal: ["drizzle-orm", "lucide-react", "better-auth", /^@better-auth\//, "rrule"],
  },
});
