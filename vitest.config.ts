import { defineConfig } from "vitest/config"

/** Repository-level tests (deployment files and the like); each workspace has its own config. */
export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
  },
})
