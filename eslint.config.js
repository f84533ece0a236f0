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
    // app/ is below server/: the server (Hono, the CLI) imports the application, never the other
    // way round, so the application builds and tests without the process around it. Tests may
    // still drive the server's pieces (an event stream, the whole app).
    files: ["app/**/*.ts", "app/**/*.tsx"],
    ignores: ["app/**/*.test.ts", "app/**/*.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(#server/|(\\.\\./)+server/)",
              message:
                "app/ does not import from server/: move what both need below app/ (app/lib, a module).",
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
