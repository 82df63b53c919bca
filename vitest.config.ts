import { defineConfig } from "vitest/config"

/** Repository-level tests (deployment files and the like) and the shared contracts; each workspace has its own config. */
export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts", "contracts/src/**/*.test.ts"],
  },
})
