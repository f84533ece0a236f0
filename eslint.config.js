// ESLint flat config. Syntax-level rules only (no type-aware linting): `npm run typecheck` covers
// types, and this stays fast.
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
  {
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      // SSR code runs in both places; scripts, tests and configs run in Node.
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "warn" },
    rules: {
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
      "no-restricted-syntax": [
        "error",
        {
          selector: "NewExpression[callee.name='URL'] > MemberExpression.arguments:first-child[object.name='request'][property.name='url']",
          message: "Use the loader's or action's `url` argument (normalized: no `.data` suffix or `_routes` parameter), not `new URL(request.url)`.",
        },
      ],
    },
  },
  {
    // request.formData() throws (a 500) on a body that is not a form; readForm answers 400.
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-properties": ["error", { object: "request", property: "formData", message: "Read forms with readForm(request) from #app/lib/form." }],
    },
  },
  {
    files: ["**/*.tsx", "app/hooks/**/*.ts", "app/**/use-*.ts"],
    ...reactHooks.configs.flat.recommended,
  },
);
