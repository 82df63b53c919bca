import { randomBytes } from "node:crypto"
import { mkdtemp, readdir, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ensureDatabase } from "../scripts/lib/database.js"
import { commerceEnv, migrateAll, productCount, randomSecrets, seed } from "../scripts/lib/stack.js"

const SERVER_URL = process.env.TEST_DATABASE_SERVER_URL || "postgres://postgres@127.0.0.1:5432"
const databaseUrl = `${SERVER_URL}/fitshop_seed_test_${randomBytes(4).toString("hex")}`
const TABLES = [
  "product",
  "product_variant",
  "product_category",
  "image",
  "price",
  "inventory_item",
  "inventory_level",
  "region",
  "tax_region",
  "sales_channel",
  "api_key",
  "stock_location",
  "shipping_option",
  "fulfillment_set",
  "user",
  "customer",
  "auth_identity",
]
let mediaDir: string
let env: NodeJS.ProcessEnv

async function counts(): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const result: Record<string, number> = {}
    for (const table of TABLES) {
      const { rows } = await client.query<{ count: string }>(`select count(*) from public."${table}"`)
      result[table] = Number(rows[0]!.count)
    }
    return result
  } finally {
    await client.end()
  }
}

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), "fitshop-seed-media-"))
  await ensureDatabase(databaseUrl)
  env = {
    ...commerceEnv({ ...process.env, MEDIA_DIR: mediaDir }, databaseUrl, randomSecrets()),
    DISABLE_ADMIN: "true",
    REDIS_URL: "",
  }
  await migrateAll(env, () => undefined)
}, 180_000)

afterAll(async () => {
  const admin = new pg.Client({ connectionString: `${SERVER_URL}/postgres` })
  await admin.connect()
  await admin.query(`drop database if exists "${new URL(databaseUrl).pathname.slice(1)}" with (force)`)
  await admin.end()
  await rm(mediaDir, { recursive: true, force: true })
})

describe("npm run seed", () => {
  it("seeds the demo catalogue once: a second run leaves the same data", async () => {
    await seed(env, () => undefined)
    const first = await counts()
    expect(await productCount(databaseUrl)).toBeGreaterThanOrEqual(60)
    expect(first.product_variant).toBe(first.product! * 7)
    expect(first.inventory_level).toBe(first.product_variant)
    expect(first.image).toBeGreaterThanOrEqual(first.product! * 2)
    const images = await readdir(path.join(mediaDir, "products"))
    expect(images.filter((name) => name.endsWith(".webp")).length).toBe(first.product! * 2)

    await seed(env, () => undefined)
    expect(await counts()).toEqual(first)
  }, 240_000)
})
