import type { Config } from "../../config.js"
import type { FeatureModule, SharedDeps } from "../../http/feature-module.js"
import { PRODUCT_ANSWER_JOB, productAnswerJob } from "./answer-changes.js"
import type { CatalogCache } from "./cache.js"
import { catalogInternalRoutes, catalogReads } from "./routes.js"
import { createCatalogService, type CatalogService } from "./service.js"
import type { CatalogSync } from "./sync.js"

/** The read model's sync and cache, made once per process (main.ts, the tests) and handed to the app. */
export {
  answerData,
  answerOf,
  memoryCatalogCache,
  noCatalogCache,
  redisCatalogCache,
  withLookupsCounted,
  type CachedAnswer,
  type CatalogCache,
} from "./cache.js"
export { createCatalogCache } from "./cache-choice.js"
export { catalogSync, type CatalogSync } from "./sync.js"
/** The product's shapes as the console's products and the server-filled pages read them. */
export { bySize, presentMedia, productAttributes, productHead, productMetadata, variantMeasurements } from "./metadata.js"
export { primaryImage } from "./product.js"
export { liveProducts, type LiveProduct } from "./live-products.js"
export { productsByIds } from "./read-model.js"
/** ADD TO BAG and checkout refuse a drop before it opens with the same 409. */
export { refuseUnopenedDrop } from "./drops.js"
/** A drop's limit per shopper, counted per person (every account of one inbox) by ADD TO BAG and checkout alike. */
export { dropShopper, dropUnitsTaken, lockDropShopper, overDropLimit, type DropShopper } from "./drop-limit.js"
/** What the product answer carries beside Medusa's product changed: its cached answers go once the change commits. */
export { productAnswerChanged } from "./answer-changes.js"
export { productIdParams } from "./schema.js"
export type { CatalogService } from "./service.js"
/** A cached answer sent with its ETag, gzipped once per answer: search's answers go out as the catalogue's do. */
export { sendAnswer as sendCachedAnswer } from "./routes.js"
/** The listing's filters and sorts in SQL, which search narrows and sorts by too. */
export { EQUALITY_FILTERS as LISTING_EQUALITY_FILTERS, ORDER_BY as LISTING_ORDER, whereClause as listingWhere } from "./service.js"
/** A size's bit in the read model's sizes in stock (size_mask), which search filters and counts by. */
export { sizeBit } from "./search-document.js"

type Deps = Pick<SharedDeps, "db" | "logger" | "events"> & {
  config: Pick<Config, "INTERNAL_API_SECRET">
  cache: CatalogCache
  sync: CatalogSync
}

/**
 * The catalogue: its listing and product reads are answered before Express, from the read model and its cache;
 * commerce tells it on the internal listener which products changed. Its service fills the storefront's pages.
 */
export function catalogModule({ config, db, logger, events, cache, sync }: Deps): FeatureModule & { service: CatalogService } {
  const service = createCatalogService(db, events.ask.reviewSummary, cache)
  return {
    // Every product read is told before it is answered (referral visits).
    early: [catalogReads(service, logger, events.productRead)],
    internal: [catalogInternalRoutes(sync, config.INTERNAL_API_SECRET)],
    jobs: { [PRODUCT_ANSWER_JOB]: productAnswerJob(cache) },
    service,
  }
}
