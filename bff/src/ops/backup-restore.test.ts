import { execFile } from "node:child_process"
import { randomBytes } from "node:crypto"
import { cp, mkdtemp, open, readdir, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { promisify } from "node:util"
import type { Product } from "@fitshop/contracts"
import pg from "pg"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ROOT } from "../../../scripts/lib/paths.js"
import { signedUpUser } from "../../test/accounts.js"
import { createTestApp } from "../../test/app.js"
import { bearer, checkOut, giveCoins, startCheckoutApp, type CheckoutApp, type Shopper } from "../../test/checkout.js"
import { dataUrlOf, photo } from "../../test/fitfeed.js"
import { readPdf } from "../../test/pdf.js"
import { ownCatalogue } from "../../test/staff.js"

const SERVER_URL = process.env.TEST_DATABASE_SERVER_URL || "postgres://postgres@127.0.0.1:5432"
const run = promisify(execFile)

/** `npm run backup` / `npm run restore` as an operator runs them: exit code, what they printed. */
async function npmScript(script: "backup" | "restore", dir: string, env: Record<string, string>) {
  const result = await run("node", ["--import", "tsx", path.join(ROOT, "scripts", "backup", `${script}.ts`), dir], {
    cwd: ROOT,
    env: { ...process.env, S3_BUCKET: "", ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  )
  return { ...result, output: result.stdout + result.stderr }
}

const databaseUrl = (name: string) => `${SERVER_URL}/${name}`

async function onServer<T>(work: (client: pg.Client) => Promise<T>, database = "postgres"): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl(database) })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

const databaseExists = (name: string) => onServer(async (client) => (await client.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1)

/** The key tables' rows in a database of the server. */
const keyRows = (name: string) =>
  onServer(async (client) => {
    const { rows } = await client.query<{ orders: number; coins: number; documents: number }>(
      "select (select count(*)::int from bff.orders) as orders, (select count(*)::int from bff.dark_coin_entries) as coins, (select count(*)::int from bff.tax_documents) as documents",
    )
    return rows[0]!
  }, name)

async function download(app: Parameters<typeof request>[0], shopper: Shopper, url: string) {
  return request(app)
    .get(url)
    .set(bearer(shopper))
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = []
      res.on("data", (chunk: Buffer) => chunks.push(chunk))
      res.on("end", () => done(null, Buffer.concat(chunks)))
    })
}

/** One shopper's view of the shop: orders, Dark Coins, their post and its picture, the invoice's text. */
async function shopperView(app: Parameters<typeof request>[0], shopper: Shopper, orderId: string, postId: string) {
  const orders = await request(app).get("/api/orders/mine").set(bearer(shopper))
  const wallet = await request(app).get("/api/wallet/mine").set(bearer(shopper))
  const post = await request(app).get(`/api/fitfeed/posts/${postId}`).set(bearer(shopper))
  const picture = await download(app, shopper, post.body.post.imageUrl as string)
  const invoice = await download(app, shopper, `/api/orders/${orderId}/invoice`)
  expect([orders.status, wallet.status, post.status, picture.status, invoice.status]).toEqual([200, 200, 200, 200, 200])
  return {
    orders: orders.body.orders as unknown[],
    darkCoins: wallet.body.darkCoins as unknown,
    post: post.body.post as unknown,
    picture: picture.body as Buffer,
    invoiceText: (await readPdf(invoice.body as Buffer)).text,
  }
}

// A whole shop (an order paid online, its invoice, a post with a picture) backed up, then restored: on a busy machine
// the order alone takes more than the default 30 s.
describe("backup and restore", { timeout: 240_000 }, () => {
  const temp: string[] = []
  const restoredDatabase = `fitshop_restored_${randomBytes(4).toString("hex")}`
  let app: CheckoutApp
  let catalogue: Awaited<ReturnType<typeof ownCatalogue>>
  let shopper: Shopper
  let orderId: string
  let postId: string
  let backups: string

  const tempDir = async (label: string) => {
    const dir = await mkdtemp(path.join(tmpdir(), `fitshop-${label}-`))
    temp.push(dir)
    return dir
  }

  beforeAll(async () => {
    // The shop's media in a folder of this file's own, so the backup copies nothing another file is writing.
    app = await startCheckoutApp({ MEDIA_DIR: await tempDir("media") })
    catalogue = await ownCatalogue(app.app, "Backup piece")
    const product: Product = await catalogue.publish(10, { gstPercent: null })
    shopper = await signedUpUser(app.app, "backup")
    await giveCoins(app, shopper, 700)
    expect((await request(app.app).post("/api/cart").set(bearer(shopper)).send({ productId: product.id, size: "M", quantity: 1 })).status).toBe(201)
    orderId = await checkOut(app, shopper, "prepaid", { coins: true })
    await app.runJobs()
    const post = await request(app.app)
      .post("/api/fitfeed/posts")
      .set(bearer(shopper))
      .send({ kind: "REGULAR", productId: product.id, text: "Kept safe", imageUrl: dataUrlOf(await photo("jpeg"), "image/jpeg") })
    expect(post.status, JSON.stringify(post.body)).toBe(201)
    postId = post.body.post.id as string
    backups = await tempDir("backups")
  })

  afterAll(async () => {
    await catalogue?.remove(app.app)
    await app?.close()
    await onServer((client) => client.query(`drop database if exists "${restoredDatabase}" with (force)`))
    for (const dir of temp) await rm(dir, { recursive: true, force: true })
  })

  it("restores into a fresh database a shop the BFF serves as it was: the same orders, Dark Coins, post, picture and invoice", async () => {
    const before = await shopperView(app.app, shopper, orderId, postId)
    expect(before.orders.length).toBe(1)
    expect(before.invoiceText).toMatch(/BYF\/\d\d-\d\d\/\d{6}/)

    const backup = await npmScript("backup", backups, { DATABASE_URL: app.config.DATABASE_URL, MEDIA_DIR: app.config.MEDIA_DIR })
    expect(backup.code, backup.output).toBe(0)
    const [stamp] = await readdir(backups)
    expect(await readdir(path.join(backups, stamp!))).toEqual(expect.arrayContaining(["database.dump", "media", "manifest.json"]))

    const restoredMedia = await tempDir("restored-media")
    // The parent folder: restore takes its newest complete backup, not the one that never finished.
    await cp(path.join(backups, stamp!), path.join(backups, "9999-12-31T235959Z"), { recursive: true })
    await rm(path.join(backups, "9999-12-31T235959Z", "manifest.json"))
    const restore = await npmScript("restore", backups, { DATABASE_URL: databaseUrl(restoredDatabase), MEDIA_DIR: restoredMedia })
    expect(restore.code, restore.output).toBe(0)
    expect(restore.stdout).toContain(`restored ${stamp}`)

    const restored = await createTestApp({ DATABASE_URL: databaseUrl(restoredDatabase), MEDIA_DIR: restoredMedia })
    try {
      const after = await shopperView(restored.app, shopper, orderId, postId)
      expect(after.orders).toEqual(before.orders)
      expect(after.darkCoins).toEqual(before.darkCoins)
      expect(after.post).toEqual(before.post)
      expect(after.picture.equals(before.picture)).toBe(true)
      expect(after.invoiceText).toBe(before.invoiceText)
    } finally {
      await restored.close()
    }
  })

  it("refuses to restore into a database that is not empty, and changes nothing there", async () => {
    const before = await keyRows(restoredDatabase)
    const refused = await npmScript("restore", backups, { DATABASE_URL: databaseUrl(restoredDatabase), MEDIA_DIR: await tempDir("unused-media") })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(new RegExp(`The database "${restoredDatabase}" is not empty \\(\\d+ tables in public and bff, a bff schema\\)`))
    expect(await keyRows(restoredDatabase)).toEqual(before)
  })

  it("refuses a backup whose dump was altered, before touching any database", async () => {
    const tampered = await tempDir("tampered")
    const [stamp] = (await readdir(backups)).filter((name) => name !== "9999-12-31T235959Z")
    await cp(path.join(backups, stamp!), tampered, { recursive: true })
    const dump = await open(path.join(tampered, "database.dump"), "r+")
    const { bytesRead, buffer } = await dump.read(Buffer.alloc(1), 0, 1, 2048)
    expect(bytesRead).toBe(1)
    await dump.write(Buffer.from([buffer[0]! ^ 0xff]), 0, 1, 2048)
    await dump.close()

    const target = `fitshop_never_${randomBytes(4).toString("hex")}`
    const refused = await npmScript("restore", tampered, { DATABASE_URL: databaseUrl(target), MEDIA_DIR: await tempDir("unused-media") })
    expect(refused.code).toBe(1)
    expect(refused.stderr.trim()).toBe(`✖ ${tampered}: database.dump does not match its sha256 in the manifest; nothing restored`)
    expect(await databaseExists(target)).toBe(false)
  })
})
