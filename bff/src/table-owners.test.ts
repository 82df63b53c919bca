import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const SRC = path.dirname(fileURLToPath(import.meta.url))
const FEATURES = path.join(SRC, "features")

/** lib/'s own tables: the job queue, the schedules' rounds, the development outbox and the migrations' record. */
const LIB_OWNER = "lib"

/**
 * Each bff table's one writer: a feature folder, or lib/ for the infrastructure underneath them all. Another module
 * changes a table by calling its owner's named function in its own transaction (STYLE.md: a table's rows are
 * written by its module only). No table is shared today; one that had to be would be listed apart, with why.
 */
const OWNERS: Record<string, string> = {
  bag_lines: "cart",
  catalog_documents: "catalog",
  catalog_products: "catalog",
  checkouts: "checkout",
  dark_coin_entries: "wallet",
  dev_outbox: LIB_OWNER,
  email_verifications: "auth",
  fitfeed_comments: "fitfeed",
  fitfeed_follows: "fitfeed",
  fitfeed_likes: "fitfeed",
  fitfeed_posts: "fitfeed",
  fitfeed_reports: "fitfeed",
  jobs: LIB_OWNER,
  medusa_refund_messages: "order-messages",
  medusa_refunds: "checkout",
  order_messages: "order-messages",
  orders: "orders",
  referral_visits: "referrals",
  refresh_tokens: "auth",
  return_messages: "order-messages",
  returns: "returns",
  review_reports: "reviews",
  reviews: "reviews",
  schedule_rounds: LIB_OWNER,
  schema_migrations: LIB_OWNER,
  search_queries: "search",
  search_words: "catalog",
  session_families: "auth",
  signups: "auth",
  stock_holds: "checkout",
  sync_cursors: "orders",
  tax_document_counters: "invoices",
  tax_documents: "invoices",
  uploads: "uploads",
  used_reset_tokens: "auth",
  users: "users",
  wallets: "wallet",
  wishlist_items: "wishlist",
}

/** A statement that changes rows of a bff table, wherever it sits in the SQL (a CTE's part too), across line breaks. */
const WRITE = /\b(?:insert\s+into|update|delete\s+from|merge\s+into)\s+bff\.([a-z_][a-z0-9_]*)/gi

type Write = { table: string; writer: string; file: string; line: number }

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts"))
    .map((entry) => path.join(entry.parentPath, entry.name))
}

/** A feature's writer is its folder; anything else in src (lib/, http/, app.ts …) is its top-level folder or file. */
function writerOf(file: string): string {
  const [top, feature] = path.relative(SRC, file).split(path.sep)
  return top === "features" ? feature! : top!
}

/** Every write in bff/src, with the module that makes it. */
function allWrites(): Write[] {
  return sourceFiles(SRC).flatMap((file) => {
    const text = readFileSync(file, "utf8")
    return [...text.matchAll(WRITE)].map((match) => ({
      table: match[1]!.toLowerCase(),
      writer: writerOf(file),
      file: path.relative(SRC, file),
      line: text.slice(0, match.index).split("\n").length,
    }))
  })
}

const writes = allWrites()
const where = (write: Write) => `${write.file}:${String(write.line)} (${write.table})`

describe("each bff table is written only by the module that owns it", () => {
  it("finds the writes it checks", () => {
    expect(writes.filter((write) => write.writer === LIB_OWNER).length).toBeGreaterThan(0)
    expect(new Set(writes.map((write) => write.writer)).size).toBeGreaterThan(10)
  })

  it("knows the owner of every table written", () => {
    const unknown = writes.filter((write) => !(write.table in OWNERS)).map(where)
    expect(unknown, "add each new table to OWNERS with the one module that writes it").toEqual([])
  })

  it("finds no write outside the table's owner", () => {
    const trespasses = writes
      .filter((write) => write.table in OWNERS && OWNERS[write.table] !== write.writer)
      .map((write) => `${where(write)} is written by ${write.writer}, owned by ${OWNERS[write.table]!}`)
    expect(trespasses, "call a named function of the owner in the same transaction instead").toEqual([])
  })

  it("names owners that exist and write their tables", () => {
    const features = new Set(readdirSync(FEATURES, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? [entry.name] : [])))
    const missing = Object.values(OWNERS).filter((owner) => owner !== LIB_OWNER && !features.has(owner))
    expect(missing, "an owner is a folder of bff/src/features").toEqual([])
    const neverWritten = Object.entries(OWNERS)
      .filter(([table, owner]) => !writes.some((write) => write.table === table && write.writer === owner))
      .map(([table]) => table)
    expect(neverWritten, "a table nobody writes any more leaves OWNERS").toEqual([])
  })
})

describe("the scan", () => {
  it("sees a write however its SQL is spelled", () => {
    const sql = `with gone as (DELETE FROM bff.a where x returning id), b as (update\n   bff.b set y = 1)
      insert into bff.c select 1; Merge Into bff.d using e on true; select 1 for update; on conflict do update set z = 1`
    expect([...sql.matchAll(WRITE)].map((match) => match[1])).toEqual(["a", "b", "c", "d"])
  })
})
