import { afterEach, describe, expect, it, vi } from "vitest"

type ModuleEntry = { resolve?: string; options?: Record<string, unknown> }
type KeepJobs = { age?: number; count?: number }
type JobOptions = { removeOnComplete?: boolean | number | KeepJobs; removeOnFail?: boolean | number | KeepJobs }

const WEEK_SECONDS = 7 * 24 * 60 * 60

/** medusa-config.ts as Medusa loads it, with Medusa's Redis set (the queues are in-memory without it). */
async function configWithRedis(): Promise<ModuleEntry[]> {
  vi.resetModules()
  vi.stubEnv("REDIS_URL", "redis://redis-queues.test:6379")
  vi.stubEnv("JWT_SECRET", "test-jwt-secret")
  vi.stubEnv("COOKIE_SECRET", "test-cookie-secret")
  const loaded = (await import("../../medusa-config.js")) as { default?: { modules?: unknown } }
  const modules = loaded.default?.modules ?? {}
  return (Array.isArray(modules) ? modules : Object.values(modules)) as ModuleEntry[]
}

function optionsOf(modules: ModuleEntry[], resolve: string): Record<string, unknown> {
  const found = modules.find((entry) => entry.resolve === resolve)
  expect(found, resolve).toBeDefined()
  return found!.options ?? {}
}

/** Done jobs removed at once; failed ones kept, but for a bounded time and number (never `false`, BullMQ's keep-all). */
function expectBoundedRetention(options: JobOptions | undefined) {
  expect(options?.removeOnComplete).toBe(true)
  const failed = options?.removeOnFail as KeepJobs | undefined
  expect(failed, "removeOnFail keeps failed jobs for a while, bounded").toEqual({ age: expect.any(Number), count: expect.any(Number) })
  expect(failed!.age).toBeGreaterThan(0)
  expect(failed!.age).toBeLessThanOrEqual(WEEK_SECONDS)
  expect(failed!.count).toBeGreaterThan(0)
  expect(failed!.count).toBeLessThanOrEqual(10_000)
}

describe("Medusa's queues on its Redis (medusa-config.ts)", () => {
  afterEach(() => vi.unstubAllEnvs())

  it("the event bus removes every done job and keeps failed ones for a week at most", async () => {
    const options = optionsOf(await configWithRedis(), "@medusajs/medusa/event-bus-redis")
    expect(options.redisUrl).toBe("redis://redis-queues.test:6379")
    expectBoundedRetention(options.jobOptions as JobOptions)
  })

  it("the workflow engine's queues default to the same retention for jobs that set none", async () => {
    const options = optionsOf(await configWithRedis(), "@medusajs/medusa/workflow-engine-redis")
    const redis = options.redis as { redisUrl?: string; queueOptions?: { defaultJobOptions?: JobOptions } }
    expect(redis.redisUrl).toBe("redis://redis-queues.test:6379")
    expectBoundedRetention(redis.queueOptions?.defaultJobOptions)
  })
})
