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
