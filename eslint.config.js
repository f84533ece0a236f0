// ESLint flat config. Syntax-level rules only (no type-aware linting): `npm run typecheck` covers
// types, and this stays fast.
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import prettier from "eslint-config-prettier";
import globals from "globals";
import tseslint from "typescript-eslint";

const newUrlOfRequest = {
  selector:
    "NewExpression[callee.name='URL'] > MemberExpression.arguments:first-child[object.name='request'][property.name='url']",
  message:
    "Use the loader's or action's `url` argument (normalized: no `.data` suffix or `_routes` parameter), not `new URL(request.url)`.",
};

// A role compared with a role name (`x.role === "admin"`, `role !== "super_admin"`), a literal
// role list (`["admin", "super_admin"]`), or `isAdminRole(…)` outside the policies.
const ROLE_MESSAGE =
  "Role checks live in a module's policy.ts (a `can…` function of the actor) or auth/policy.ts (ADMIN_ROLES, isAdminRole), not here.";
const EQUALITY = "/^[!=]==?$/";
const roleChecks = [
  `BinaryExpression[operator=${EQUALITY}][left.property.name='role'][right.type='Literal']`,
  `BinaryExpression[operator=${EQUALITY}][right.property.name='role'][left.type='Literal']`,
  `BinaryExpression[operator=${EQUALITY}][left.name='role'][right.type='Literal']`,
  `BinaryExpression[operator=${EQUALITY}][right.name='role'][left.type='Literal']`,
  `BinaryExpression[operator=${EQUALITY}] > Literal[value='super_admin']`,
  "ArrayExpression > Literal[value='super_admin']",
  "CallExpression[callee.name='isAdminRole']",
].map((selector) => ({ selector, message: ROLE_MESSAGE }));

// app/ is below server/: the server (Hono, the CLI) imports the application, never the other way
// round, so the application builds and tests without the process around it. Tests may still drive
// the server's pieces (an event stream, the whole app).
const SERVER_FROM_APP = {
  regex: "^(#server/|(\\.\\./)+server/)",
  message: "app/ does not import from server/: move what both need below app/ (app/lib, a module).",
};

// Module entries (docs/ARCHITECTURE.md "Module entries"): code outside app/modules/<m>/ imports
// the module through `#app/modules/<m>` (index.ts: browser-safe) or `#app/modules/<m>/index.server`
// (its server API). By path, still: a module's schema.ts (tables: app/db/schema.ts, joins), its
// form schemas (validation.ts, *-validation.ts: zod builds them when the file loads, so an entry
// re-exporting them would bring every form of the module to each page importing a policy) and its
// components/ (each page's chunk holds the components it renders). Files of one module import each
// other by relative path.
const ENTRY_MESSAGE =
  'Import another module through its entry: #app/modules/<m> (browser-safe) or #app/modules/<m>/index.server. By path only schema, validation, *-validation and components/* (docs/ARCHITECTURE.md "Module entries").';
const moduleEntries = (...alsoByPath) => ({
  regex: `^#app/modules/[^/]+/(?!(${["index\\.server", "schema", "([\\w-]+-)?validation", ...alsoByPath].join("|")})$|components/)`,
  message: ENTRY_MESSAGE,
});
const MODULE_ENTRIES = moduleEntries();
const RELATIVE_INTO_MODULES = {
  regex: "^(\\.\\.?/)+(app/)?modules/",
  message:
    "Import a module as #app/modules/<m> or #app/modules/<m>/index.server, not by relative path.",
};
// From app/modules/<m>/x.ts, `../y` is another module; from app/modules/<m>/<folder>/x.ts, `../../y`.
const leavingModule = (depth) => ({
  regex: `^(\\.\\./){${depth}}(?!\\.)`,
  message: ENTRY_MESSAGE,
});
const restrictImports = (...patterns) => ["error", { patterns }];

export default defineConfig(
  globalIgnores([
    "build/",
    ".react-router/",
    "node_modules/",
    "data/",
    "test-results/",
    "playwright-report/",
    "drizzle/",
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  // Layout is Prettier's (`npm run format`); no lint rule argues with it.
  prettier,
  {
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      // SSR code runs in both places; scripts, tests and configs run in Node.
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "warn" },
    rules: {
      // Prettier lays code out at 100 characters; what it cannot break (a long string, a comment)
      // still stops at 160.
      "max-len": [
        "error",
        {
          code: 160,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignoreUrls: true,
          ignoreRegExpLiterals: true,
        },
      ],
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // A client navigation asks for `/help.data?_routes=…`: `request.url` is that data request, not
    // the page. Loaders and actions read the page's address from React Router's normalized `url`
    // argument (decision 019).
    files: ["app/**/*.ts", "app/**/*.tsx"],
    ignores: ["app/**/*.test.ts", "app/entry.server.tsx"],
    rules: {
      "no-restricted-syntax": ["error", newUrlOfRequest],
    },
  },
  {
    // Permissions live in policies (docs/ARCHITECTURE.md "Policies", decision 031): only a
    // module's policy.ts and the viewer (which builds the actor) look at a role; everything else
    // calls a `can…` function, so a rule is changed in one place. `roleChecks` below.
    files: ["app/**/*.ts", "app/**/*.tsx"],
    ignores: [
      "app/**/*.test.ts",
      "app/**/policy.ts",
      "app/modules/auth/viewer.server.ts",
      "app/modules/profiles/ranks.ts",
      "app/entry.server.tsx",
    ],
    rules: { "no-restricted-syntax": ["error", newUrlOfRequest, ...roleChecks] },
  },
  {
    // Module entries and app/ below server/: the patterns above. Tests may import server/.
    files: ["**/*.{js,mjs,ts,tsx}"],
    rules: { "no-restricted-imports": restrictImports(MODULE_ENTRIES, RELATIVE_INTO_MODULES) },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": restrictImports(
        SERVER_FROM_APP,
        MODULE_ENTRIES,
        RELATIVE_INTO_MODULES,
      ),
    },
  },
  {
    files: ["app/modules/*/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": restrictImports(
        SERVER_FROM_APP,
        MODULE_ENTRIES,
        RELATIVE_INTO_MODULES,
        leavingModule(1),
      ),
    },
  },
  {
    files: ["app/modules/*/*/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": restrictImports(
        SERVER_FROM_APP,
        MODULE_ENTRIES,
        RELATIVE_INTO_MODULES,
        leavingModule(2),
      ),
    },
  },
  {
    files: ["app/modules/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": restrictImports(
        MODULE_ENTRIES,
        RELATIVE_INTO_MODULES,
        leavingModule(1),
      ),
    },
  },
  {
    // A module's browser entry: re-exporting a `.server` file would send server code to the browser.
    files: ["app/modules/*/index.ts"],
    rules: {
      "no-restricted-imports": restrictImports(
        SERVER_FROM_APP,
        MODULE_ENTRIES,
        RELATIVE_INTO_MODULES,
        leavingModule(1),
        {
          regex: "\\.server$",
          message: "index.ts is the browser entry: re-export server code from index.server.ts.",
        },
      ),
    },
  },
  {
    // The event registry plugs in each module's subscriptions by path: they subscribe through
    // events' own entry, so a module's whole server API here would be an import cycle.
    files: ["app/modules/events/subscribers.server.ts"],
    rules: {
      "no-restricted-imports": restrictImports(
        SERVER_FROM_APP,
        moduleEntries("subscribers\\.server"),
        RELATIVE_INTO_MODULES,
        leavingModule(1),
      ),
    },
  },
  {
    // The modules on every page (vite.config.ts EVERY_PAGE, and the shell's components): their
    // static imports, followed by module path, make the first-load chunk, and an entry would bring
    // every file it re-exports into it. They import a module's browser files by path; an entry
    // for types only, and index.server for the loader (React Router leaves it out of the browser).
    files: [
      "app/entry.client.tsx",
      "app/root.tsx",
      "app/routes/shell.tsx",
      "app/routes/boundary.tsx",
      "app/components/shell/**/*.{ts,tsx}",
      // Loaded on every page after it shows (member-controls.tsx, the premium popup): an entry
      // would make their chunks depend on the chunks of every file it re-exports.
      "app/modules/admin/components/sales-link.tsx",
      "app/modules/memberships/policy.ts",
      "app/modules/notifications/content.ts",
    ],
    ignores: ["app/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": restrictImports(SERVER_FROM_APP, RELATIVE_INTO_MODULES),
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^#app/modules/[^/]+$",
              allowTypeImports: true,
              message:
                "On every page, import a module's browser files by path (#app/modules/<m>/<file>): its entry would put every file it re-exports into the first-load chunk.",
            },
            {
              regex: "^#app/modules/[^/]+/(?!index\\.server$)[^/]+\\.server$",
              message: "Import a module's server API through #app/modules/<m>/index.server.",
            },
          ],
        },
      ],
    },
  },
  {
    // request.formData() throws (a 500) on a body that is not a form; readForm answers 400.
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "request",
          property: "formData",
          message: "Read forms with readForm(request) from #app/lib/form.",
        },
      ],
    },
  },
  {
    files: ["**/*.tsx", "app/hooks/**/*.ts", "app/**/use-*.ts"],
    ...reactHooks.configs.flat.recommended,
  },
);
