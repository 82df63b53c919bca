import js from "@eslint/js"
import prettier from "eslint-config-prettier"
import jsxA11y from "eslint-plugin-jsx-a11y"
import reactHooks from "eslint-plugin-react-hooks"
import globals from "globals"
import tseslint from "typescript-eslint"

/** A one-way rule: files matching `files` may not import what `patterns` match. */
function oneWay(files, patterns, message) {
  return [{ files: [files], rules: { "no-restricted-imports": ["error", { patterns: [{ group: patterns, message }] }] } }]
}

/** Where the front ends must never reach: the BFF (they share through @fitshop/contracts). */
const FRONT_END_FLOOR = ["**/bff/**", "@fitshop/bff"]

/** The dev-only emulators' workspace: the BFF's dev entry and its tests mount them, its sources never import them. */
const EMULATORS = ["@fitshop/emulators", "@fitshop/emulators/**", "**/emulators/**"]

export default tseslint.config(
  {
    ignores: ["**/node_modules/**", "**/dist/**", "**/dist-server/**", "**/.medusa/**", "var/**", "test-results/**", "playwright-report/**"],
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
  // The one-way floors (README, Layout): a lower floor never imports a higher one, and a feature reaches another
  // only through its public face (its index.ts), never its routes.ts. First the BFF's whole source: the emulators
  // (emulators/) are development's, handed in by its entry (emulators/src/main.ts), so nothing there ships in the image.
  ...oneWay(
    "bff/src/**/*.ts",
    EMULATORS,
    "the BFF's sources never import the emulators (a dev-only workspace): the dev entry, emulators/src/main.ts, mounts them",
  ),
  ...oneWay(
    "bff/src/lib/**/*.ts",
    ["../http/*", "../features/*", "../app.js", "../main.js", "../serve.js", ...EMULATORS],
    "lib/ is the lowest floor: it never imports http/, features/, emulators/ or the app",
  ),
  ...oneWay(
    "bff/src/http/**/*.ts",
    ["../features/*", "../app.js", "../main.js", "../serve.js", ...EMULATORS],
    "http/ never imports features/, emulators/ or the app: move the shared piece down",
  ),
  // A feature reaches another only through its public face, `features/<x>/index.ts` (gitignore-style: the
  // lines after `!../../**` bring back the app, main.ts and the emulators that it would let through).
  ...oneWay(
    "bff/src/features/**/*.ts",
    ["../*/**", "!../*/index.js", "!../../**", "../../app.js", "../../main.js", "../../serve.js", ...EMULATORS],
    "a feature never imports the app or the emulators, and reaches another feature only through its index.ts: import from there, or move the shared piece down to lib/ or http/",
  ),
  // Tests may set up another feature's rows with its own files, but still never import its routes.ts, the app or the emulators.
  ...oneWay(
    "bff/src/features/**/*.test.ts",
    ["../../app.js", "../../main.js", "../../serve.js", ...EMULATORS, "../*/routes.js"],
    "a feature's test never imports the app, the emulators or another feature's routes.ts",
  ),
  ...oneWay("contracts/src/**/*.ts", ["@fitshop/*", "../../*"], "contracts import nothing of the parts that use them"),
  ...oneWay(
    "web-client/src/**/*.ts",
    ["@fitshop/bff", "@fitshop/storefront", "@fitshop/admin", "../../*"],
    "the web client imports nothing of the parts that use it, only @fitshop/contracts",
  ),
  ...oneWay("{storefront,admin}/src/**/*.{ts,tsx}", FRONT_END_FLOOR, "the front ends never import the BFF: share through @fitshop/contracts"),
  // The storefront's floors (shared → features → app). A file gets one no-restricted-imports setting (the last that
  // matches wins, they are not merged), so each of these repeats the front ends' floor above.
  ...oneWay(
    "storefront/src/{components,lib,hooks}/**/*.{ts,tsx}",
    [...FRONT_END_FLOOR, "@/features/**", "@/app/**", "**/features/**", "**/app/**"],
    "components/, lib/ and hooks/ are shared: they never import a feature or the app (nor the BFF)",
  ),
  ...oneWay(
    "storefront/src/features/**/*.{ts,tsx}",
    [...FRONT_END_FLOOR, "@/features/*/**", "@/app/**", "../../*/**"],
    "a feature never imports the app (nor the BFF), and reaches another feature only through its public face, `@/features/<name>` (its index.ts): a piece two features share moves down to lib/, hooks/ or components/",
  ),
  {
    files: ["commerce/medusa-config.ts"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  // Last: formatting is Prettier's, so no lint rule argues with it.
  prettier,
)
