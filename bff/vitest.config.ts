import { configDefaults, defineConfig } from "vitest/config"

/** Run on their own afterwards (vitest.replicas.config.ts): real BFF processes whose workers would take other files' jobs. */
export const REPLICA_TESTS = ["src/faults/two-processes.test.ts", "src/deploy/behind-caddy.test.ts"]

export default defineConfig({
  test: {
    // The emulators' own tests too (emulators/, a workspace of its own): they need this run's PostgreSQL.
    include: ["src/**/*.test.ts", "../emulators/src/**/*.test.ts"],
    exclude: [...configDefaults.exclude, ...REPLICA_TESTS],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // One Medusa serves every file; files still run in parallel against it.
    fileParallelism: true,
  },
})
