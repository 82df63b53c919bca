import { defineConfig, mergeConfig } from "vitest/config"
import viteConfig from "./vite.config.ts"

export default mergeConfig(
  viteConfig({ command: "serve", mode: "test" }),
  defineConfig({
    test: {
      restoreMocks: true,
      unstubGlobals: true,
      projects: [
        { extends: true, test: { name: "app", environment: "jsdom", setupFiles: ["./src/testing/setup-tests.ts"], include: ["src/**/*.test.{ts,tsx}"] } },
        // The build's plugins run in Node, as Vite runs them.
        { extends: true, test: { name: "build", environment: "node", include: ["build/**/*.test.ts"] } },
      ],
    },
  }),
)
