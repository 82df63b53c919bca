import { REVIEWS_PAGE_SIZE, type ProductPage, type ReviewsAnswer } from "@fitshop/contracts"
import pg from "pg"
import { reviewsPage } from "../../bff/src/features/reviews/reviews-page.js"
import { reviewSummary } from "../../bff/src/features/reviews/summary.js"
import type { Db } from "../../bff/src/lib/db.js"
import type { Alongside, CacheOffStack } from "./catalog.js"
import type { QueryPlan, Statement } from "./fitfeed.js"
import { measureLoad, warmUp } from "./load.js"
import { observed, type Watched } from "./observe.js"
import { getJson, halves, namedPlan, type QuietLoad } from "./halves.js"
import { waitForQuietCpu } from "./quiet.js"
import { QUIET_SHARE, QUIET_TIMEOUT_MS } from "./request-metrics.js"
import { REVIEWS_SEED, seedReviews, type ReviewsSeed } from "./reviews-seed.js"

/** Issue 45's targets: the product answer with 200 reviews keeps ≥ 0.8× the product read's throughput; it (cache warm) and the reviews list p99 < 50 ms. */
export const REVIEWED_THROUGHPUT_TARGET = 0.8
export const REVIEWS_P99_TARGET_MS = 50
export const PRODUCT_PATH = (id: string) => `/api/products/${id}`
export const REVIEWS_PATH = (id: string) => `/api/products/${id}/reviews`

/** A measurement, with how busy the machine was over the second before its warm-up (above QUIET_SHARE: the wait was given up). */
export type ReviewsLoad = QuietLoad
/**
 * The product read of the products without reviews and of those with 200 each on one BFF, in two halves each, in the
 * order without, with, with, without (so a drift of the machine over the four weighs on both alike): the throughput and
 * p50 are the halves' means, the p99 the higher of the two.
 */
export type ProductPair = { unreviewed: ReviewsLoad; reviewed: ReviewsLoad }
export type ReviewsBench = {
  seed: ReviewsSeed
  /** The catalogue's cache-off listing, measured on the same BFF right before the reviews' figures. */
  reference: ReviewsLoad
  uncached: ProductPair
  warm: ProductPair
  lists: { first: ReviewsLoad; filtered: ReviewsLoad; second: ReviewsLoad }
  /** What one answer says and weighs (uncompressed): a product answer with and without reviews, a first page of the list. */
  answers: {
    unreviewedBytes: number
    reviewedBytes: number
    firstPageBytes: number
    rating: { average: number; count: number }
    fit: ProductPage["product"]["fit"]
  }
  plans: QueryPlan[]
}

const log = (line: string) => process.stdout.write(`bench: ${line}\n`)

/** Tells the cached BFF the products' answers changed (as commerce does), so it drops what it cached before the seed. */
async function productsChanged(stack: CacheOffStack, productIds: string[]): Promise<void> {
  const response = await fetch(`${stack.cached.internalOrigin}/api/internal/catalog/changed`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-internal-secret": stack.cached.internalSecret },
    body: JSON.stringify({ all: false, productIds }),
  })
  if (response.status !== 204) throw new Error(`the catalogue's change notice answered ${response.status}`)
}

/** Fails the bench unless each product answer carries what the seed says: 200 ratings for a reviewed product, none for the others. */
async function expectRatings(origin: string, ids: string[], count: number | null): Promise<{ body: ProductPage; bytes: number }[]> {
  const answers = await Promise.all(ids.map((id) => getJson<ProductPage>(`${origin}${PRODUCT_PATH(id)}`)))
  answers.forEach(({ body }, i) => {
    const found = body.product.rating?.count ?? null
    if (found !== count)
      throw new Error(`${origin}${PRODUCT_PATH(ids[i]!)} answered a rating count of ${found}, not ${count}; the bench would measure the wrong answer`)
  })
  return answers
}

/** A first page, a filtered page or a second page of each reviewed product's list, checked to be what its path asks for. */
async function listPaths(origin: string, reviewed: string[]) {
  const first: string[] = []
  const second: string[] = []
  const filtered: string[] = []
  let firstPageBytes = 0
  for (const id of reviewed) {
    const page = await getJson<ReviewsAnswer>(`${origin}${REVIEWS_PATH(id)}`)
    if (page.body.reviews.length !== REVIEWS_PAGE_SIZE || !page.body.nextCursor) {
      throw new Error(`${REVIEWS_PATH(id)} answered ${page.body.reviews.length} reviews (next cursor ${page.body.nextCursor}), not a full page with more`)
    }
    firstPageBytes ||= page.bytes
    first.push(REVIEWS_PATH(id))
    second.push(`${REVIEWS_PATH(id)}?cursor=${encodeURIComponent(page.body.nextCursor)}`)
    const next = await getJson<ReviewsAnswer>(`${origin}${second.at(-1)}`)
    const seen = new Set(page.body.reviews.map((review) => review.id))
    if (next.body.reviews.length !== REVIEWS_PAGE_SIZE || next.body.reviews.some((review) => seen.has(review.id))) {
      throw new Error(`${REVIEWS_PATH(id)}'s second page is not a full page of other reviews`)
    }
    const fives = await getJson<ReviewsAnswer>(`${origin}${REVIEWS_PATH(id)}?rating=5`)
    const photos = await getJson<ReviewsAnswer>(`${origin}${REVIEWS_PATH(id)}?photo=true`)
    if (!fives.body.reviews.length || fives.body.reviews.some((review) => review.rating !== 5))
      throw new Error(`${REVIEWS_PATH(id)}?rating=5 answered other ratings, or none`)
    if (!photos.body.reviews.length || photos.body.reviews.some((review) => !review.photo))
      throw new Error(`${REVIEWS_PATH(id)}?photo=true answered reviews without a photo, or none`)
    filtered.push(`${REVIEWS_PATH(id)}?rating=5`, `${REVIEWS_PATH(id)}?photo=true`)
  }
  return { first, second, filtered, firstPageBytes }
}

// ---- Query plans -----------------------------------------------------------------------------------

/** Runs a BFF query function on the bench database, recording each statement it sends with its real parameters. */
async function recorded(client: pg.Client, run: (db: Db) => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = []
  const recorder = {
    // The BFF sends its hot statements named (`prepared`): a config object, whose text and values are recorded alike.
    query: (textOrConfig: string | pg.QueryConfig, values: unknown[] = []) => {
      const statement = typeof textOrConfig === "string" ? { text: textOrConfig, values } : { text: textOrConfig.text, values: textOrConfig.values ?? [] }
      statements.push(statement)
      return client.query(statement.text, statement.values)
    },
  }
  await run(recorder as unknown as Db)
  return statements
}

async function reviewPlans(databaseUrl: string, productId: string): Promise<QueryPlan[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const [fromReturns, ratings] = await recorded(client, (db) => reviewSummary(db, productId))
    const [firstPage] = await recorded(client, (db) => reviewsPage(db, null, productId, { limit: REVIEWS_PAGE_SIZE, filter: {} }))
    const [fives] = await recorded(client, (db) => reviewsPage(db, null, productId, { limit: REVIEWS_PAGE_SIZE, filter: { rating: 5 } }))
    const cursor = (await reviewsPage(client as unknown as Db, null, productId, { limit: REVIEWS_PAGE_SIZE, filter: {} })).nextCursor ?? undefined
    const [secondPage] = await recorded(client, (db) => reviewsPage(db, null, productId, { limit: REVIEWS_PAGE_SIZE, cursor, filter: {} }))
    const on = `a product with ${REVIEWS_SEED.reviewsPerProduct} reviews`
    return [
      await namedPlan(client, `The product answer's fit answers from returns (\`fitAnswersFromReturns\`, ${on})`, fromReturns!),
      await namedPlan(client, `The product answer's rating, distribution and fit answers (\`reviewSummary\`, ${on})`, ratings!),
      await namedPlan(client, `Reviews list, first page (\`GET /api/products/{id}/reviews\`, ${on})`, firstPage!),
      await namedPlan(client, `Reviews list, five stars only (\`?rating=5\`, ${on})`, fives!),
      await namedPlan(client, `Reviews list, second page (\`?cursor=…\`, ${on})`, secondPage!),
    ]
  } finally {
    await client.end()
  }
}

// ---- The benchmark -----------------------------------------------------------------------------------

/**
 * The reviews benchmark, beside the catalogue: 10 bench products get 200 reviews each (and the cached BFF is told
 * their answers changed); then, right after the catalogue's cache-off listing, the product read of 10 products
 * without reviews and of the 10 with, cache off and cache warm, and the reviews list's first, filtered and second pages.
 */
export const benchReviews: Alongside<ReviewsBench> = async (stack) => {
  log(`seeding the reviews bench (${REVIEWS_SEED.products} products × ${REVIEWS_SEED.reviewsPerProduct} reviews from buyers who kept the piece)…`)
  const seed = await seedReviews(stack.databaseUrl)
  log(seed.reused ? "reviews seed found in the kept database" : `reviews seeded in ${seed.seconds.toFixed(1)} s`)
  await productsChanged(stack, seed.reviewed)

  const cachedWatch: Watched = { bffPid: stack.cached.pid, medusaPid: stack.medusaPid, databaseUrl: stack.databaseUrl }
  const [reviewedAnswer] = await expectRatings(stack.origin, seed.reviewed, REVIEWS_SEED.reviewsPerProduct)
  const [unreviewedAnswer] = await expectRatings(stack.origin, seed.unreviewed, null)
  await expectRatings(stack.cached.origin, seed.reviewed, REVIEWS_SEED.reviewsPerProduct)
  await expectRatings(stack.cached.origin, seed.unreviewed, null)
  const lists = await listPaths(stack.origin, seed.reviewed)
  const unreviewedPaths = seed.unreviewed.map(PRODUCT_PATH)
  const reviewedPaths = seed.reviewed.map(PRODUCT_PATH)

  /**
   * One target measured once the machine is quiet (its neighbours' work would land in the figures) and it is warm,
   * with the CPU and PostgreSQL's waits watched.
   */
  const measure = async (label: string, origin: string, paths: string[], watched: Watched = stack, seconds = stack.seconds): Promise<ReviewsLoad> => {
    const quietShare = await waitForQuietCpu({ busyShare: QUIET_SHARE, timeoutMs: QUIET_TIMEOUT_MS })
    await warmUp(origin, paths)
    const load = await observed(watched, () => measureLoad(label, origin, paths, { seconds }))
    log(`${load.label}: ${Math.round(load.requestsPerSecond)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms, ${load.errors + load.non2xx} errors`)
    return { ...load, quietShare }
  }
  const products = `${REVIEWS_SEED.products} products`
  const withReviews = `${products} with ${REVIEWS_SEED.reviewsPerProduct} reviews each`
  /** Without reviews, with, with, without: each half of the run's seconds. */
  const productPair = async (cache: string, origin: string, watched: Watched = stack): Promise<ProductPair> => {
    const half = Math.max(1, Math.round(stack.seconds / 2))
    const without = `\`GET /api/products/{id}\`, ${products} without reviews, ${cache}`
    const withThem = `\`GET /api/products/{id}\`, ${withReviews}, ${cache}`
    const first = await measure(without, origin, unreviewedPaths, watched, half)
    const second = await measure(withThem, origin, reviewedPaths, watched, half)
    const third = await measure(withThem, origin, reviewedPaths, watched, half)
    const fourth = await measure(without, origin, unreviewedPaths, watched, half)
    return { unreviewed: halves(first, fourth), reviewed: halves(second, third) }
  }

  return async (reference) => {
    const referenceLoad = await observed(stack, reference)
    log(`measuring the reviews with autocannon, ${stack.seconds} s a target…`)
    const uncached = await productPair("cache off", stack.origin)
    const warm = await productPair("cache warm", stack.cached.origin, cachedWatch)
    const measuredLists = {
      first: await measure(`\`GET /api/products/{id}/reviews\`, first page, ${withReviews}`, stack.origin, lists.first),
      filtered: await measure(`\`GET /api/products/{id}/reviews?rating=5\` and \`?photo=true\`, ${withReviews}`, stack.origin, lists.filtered),
      second: await measure(`\`GET /api/products/{id}/reviews?cursor=…\`, second page, ${withReviews}`, stack.origin, lists.second),
    }
    log("explaining the reviews' queries…")
    const plans = await reviewPlans(stack.databaseUrl, seed.reviewed[0]!)
    return {
      seed,
      reference: referenceLoad,
      uncached,
      warm,
      lists: measuredLists,
      answers: {
        unreviewedBytes: unreviewedAnswer!.bytes,
        reviewedBytes: reviewedAnswer!.bytes,
        firstPageBytes: lists.firstPageBytes,
        rating: reviewedAnswer!.body.product.rating!,
        fit: reviewedAnswer!.body.product.fit,
      },
      plans,
    }
  }
}
