import { Redis } from "ioredis"

export type { Redis }

export function createRedis(redisUrl: string): Redis {
  return new Redis(redisUrl, { maxRetriesPerRequest: 2 })
}
