import js from "@eslint/js"
import prettier from "eslint-config-prettier"
import jsxA11y from "eslint-plugin-jsx-a11y"
import reactHooks from "eslint-plugin-react-hooks"
import globals from "globals"
import tseslint from "typescript-eslint"

export default tseslint.config(
  {
    ignores: ["**/node_modules/**", "**/dist/**", "**/.medusa/**", "var/**", "test-results/**", "playwright-report/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/ban-ts-comment": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": "error",
    },
  },
  {
    files: ["storefront/**/*.{ts,tsx}", "admin/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  { files: ["storefront/**/*.tsx", "admin/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  {
    // Rules that need the types: a promise nobody awaits or handles fails silently.
    files: ["**/*.{ts,tsx}"],
    languageOptions: {
      // commerce's vitest config is outside its tsconfig (Medusa's build compiles everything that is in it).
      parserOptions: { projectService: { allowDefaultProject: ["commerce/vitest.config.ts"] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ["commerce/medusa-config.ts"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  // Last: formatting is Prettier's, so no lint rule argues with it.
  prettier,
)
