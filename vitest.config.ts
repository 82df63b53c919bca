import { defineConfig } from "vitest/config"

/** Repository-level tests (deployment files and the like), the shared contracts and the browser's HTTP client; the other workspaces have their own config. */
export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts", "contracts/src/**/*.test.ts", "web-client/src/**/*.test.ts"],
  },
})
