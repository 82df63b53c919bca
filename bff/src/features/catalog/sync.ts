import type { PoolClient } from "pg"
import { coalesced } from "../../lib/coalesced.js"
import { UNLIMITED_STATEMENTS, type Db } from "../../lib/db.js"
import type { Logger } from "../../lib/logger.js"
import type { Commerce } from "../../lib/medusa.js"
import { presentProduct } from "./presenter.js"
import { catalogSize, databaseClock, deleteNotSyncedSince, deleteProducts, setUnitsSold, upsertProducts } from "./read-model.js"

/** Everything the Product shape needs, in one Medusa request. */
export const PRODUCT_FIELDS =
  "id,title,handle,description,thumbnail,weight,material,metadata,created_at,updated_at," +
  "*images,*variants,*variants.options,*variants.options.option,*variants.calculated_price,+variants.inventory_quantity,+variants.metadata"

const PAGE_SIZE = 100
/** The Popular sort ranks by units sold over this many days. */
export const POPULAR_WINDOW_DAYS = 30
/**
 * Refreshes start at least this far apart: a drop's orders each send a notice, and Medusa, busy placing
 * the winners' orders, was asked to read the product again after nearly every one (17 reads and 19
 * units-sold reads for 20 orders; 8 and 4 with these gaps). Stock still shows within seconds, and holds
 * placed after a product's last read keep counting (checkout/stock-holds.ts).
 */
const REFRESH_GAP_MS = 1000
/** Units sold only rank Popular and the best sellers: fresh within a few seconds is enough. */
const SALES_REFRESH_GAP_MS = 2000
// Only one replica rebuilds at a time; the others skip their periodic run.
const SYNC_LOCK_ID = 726_410_002

/** Keeps the read model in step with Medusa: a full rebuild, or just the products that changed. */
export function catalogSync({
  db,
  commerce,
  logger,
  onChange = async () => undefined,
}: {
  db: Db
  commerce: Commerce
  logger: Logger
  /** Called after every write to the read model (the response cache empties itself here). */
  onChange?: () => Promise<void>
}) {
  async function fetchPage(filter: Record<string, unknown>, offset: number) {
    const [sdk, regionId] = await Promise.all([commerce.store(), commerce.regionId()])
    return sdk.store.product.list({ ...filter, region_id: regionId, fields: PRODUCT_FIELDS, limit: PAGE_SIZE, offset, order: "id" })
  }

  let ready = false

  async function rebuildAll(client: PoolClient): Promise<{ synced: number; removed: number }> {
    const started = await databaseClock(client)
    let synced = 0
    for (let offset = 0; ; offset += PAGE_SIZE) {
      const readAt = await databaseClock(client)
      const { products, count } = await fetchPage({}, offset)
      await upsertProducts(client, products.map(presentProduct), readAt)
      synced += products.length
      if (!products.length || offset + PAGE_SIZE >= count) break
    }
    const removed = await deleteNotSyncedSince(client, started)
    await updateSales(client)
    // Fresh statistics after a bulk load, so the planner picks the indexes the filters need; the vacuum
    // marks the rewritten pages all-visible, so listings count from the index alone right away.
    await client.query("vacuum (analyze) bff.catalog_products")
    await onChange()
    logger.info({ synced, removed }, "catalogue read model rebuilt")
    ready = true
    return { synced, removed }
  }

  /** Copies units sold per product (placed, not cancelled orders in the window) from Medusa; true when any changed. */
  async function updateSales(client: Pick<Db, "query">): Promise<boolean> {
    const { products } = await commerce.internal<{ products: { id: string; units: number }[] }>(`/internal/units-sold?days=${POPULAR_WINDOW_DAYS}`)
    return (await setUnitsSold(client, products)) > 0
  }

  /** Runs `work` holding the sync lock; with `wait: false` it skips when another replica holds it. */
  async function withSyncLock<T>(wait: boolean, work: (client: PoolClient) => Promise<T>): Promise<T | undefined> {
    const client = await db.connect()
    try {
      // Waiting for another replica's build, and a build of a large catalogue, may take longer than a request may.
      await client.query(UNLIMITED_STATEMENTS)
      if (wait) await client.query("select pg_advisory_lock($1)", [SYNC_LOCK_ID])
      else {
        const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [SYNC_LOCK_ID])
        if (!rows[0]?.locked) return undefined
      }
      try {
        return await work(client)
      } finally {
        await client.query("select pg_advisory_unlock($1)", [SYNC_LOCK_ID])
      }
    } finally {
      // Closed rather than pooled: it has no statement limit, and may still hold the lock if the unlock failed.
      client.release(true)
    }
  }

  /** Rebuilds the whole read model from Medusa, unless another replica is doing it right now. */
  async function rebuild(): Promise<void> {
    await withSyncLock(false, rebuildAll)
  }

  /**
   * Re-reads the given products; those Medusa no longer publishes leave the read model. Notices that come
   * while a refresh runs are merged into the next (a drop's orders each send one for the same product).
   */
  const refresh = coalesced(
    async (ids: string[]) => {
      const unique = [...new Set(ids)]
      for (let start = 0; start < unique.length; start += PAGE_SIZE) {
        const batch = unique.slice(start, start + PAGE_SIZE)
        const readAt = await databaseClock(db)
        const { products } = await fetchPage({ id: batch }, 0)
        await upsertProducts(db, products.map(presentProduct), readAt)
        const seen = new Set(products.map((p) => p.id))
        await deleteProducts(
          db,
          batch.filter((id) => !seen.has(id)),
        )
      }
      await onChange()
    },
    { gapMs: REFRESH_GAP_MS },
  )

  /** Re-reads units sold after an order is placed or cancelled, so Popular and the best sellers follow (merged as refresh's are). */
  const salesRefresh = coalesced(
    async () => {
      if (await updateSales(db)) await onChange()
    },
    { gapMs: SALES_REFRESH_GAP_MS },
  )
  const refreshSales = () => salesRefresh([])

  /** Builds the read model when it has nothing yet; waits for a build another process has started. */
  async function rebuildIfEmpty(): Promise<void> {
    await withSyncLock(true, async (client) => {
      if ((await catalogSize(client)) === 0) await rebuildAll(client)
      ready = true
    })
  }

  /** True once this process has a built read model to answer from. */
  const isReady = () => ready

  return { rebuild, refresh, refreshSales, rebuildIfEmpty, isReady }
}

export type CatalogSync = ReturnType<typeof catalogSync>
