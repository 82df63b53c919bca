import { defineConfig } from "vitest/config"
import base, { REPLICA_TESTS } from "./vitest.config.js"

/**
 * The tests that start BFF processes of their own, with their job workers and schedules running: alone, on a
 * database and Medusa of their own, so those workers never take another test file's jobs.
 */
export default defineConfig({ test: { ...base.test, include: REPLICA_TESTS, exclude: [], fileParallelism: false } })
