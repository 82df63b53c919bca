import autocannon from "autocannon"
import type { DropTarget } from "./drop.js"
import { getJson, halves, type QuietLoad } from "./halves.js"
import { CONNECTIONS, loadOf } from "./load.js"
import { observed } from "./observe.js"
import { waitForQuietCpu } from "./quiet.js"
import { QUIET_SHARE, QUIET_TIMEOUT_MS } from "./request-metrics.js"

/** Issue 47's targets: a product's server-rendered page at ≥ 0.5× its JSON read's throughput (same run), p99 under 50 ms. */
export const PAGE_THROUGHPUT_TARGET = 0.5
export const PAGE_P99_TARGET_MS = 50
/** Seconds per target, in two halves each. */
const SECONDS = 10
const GZIP = { "accept-encoding": "gzip" }

export type ProductPageBench = {
  label: string
  productId: string
  /** What one answer weighs on the wire (gzipped). */
  jsonBytes: number
  pageBytes: number
  json: QuietLoad
  page: QuietLoad
}

const log = (line: string) => process.stdout.write(`bench: ${line}\n`)

/** The gzipped size of an answer, and its text, failing the bench on anything but a 200. */
async function fetched(url: string): Promise<{ bytes: number; text: string }> {
  const response = await fetch(url, { headers: GZIP })
  const text = await response.text()
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${text.slice(0, 300)}`)
  return { bytes: Number(response.headers.get("content-length") ?? Buffer.byteLength(text)), text }
}

/**
 * What a drop's product page costs when thousands reload it: its page as the server renders it (head, preview, the
 * answers block, the render; gzipped) against its JSON read (`GET /api/products/{id}`), on the start command's shop, the
 * same client (autocannon, 20 connections, gzip), in halves: JSON, page, page, JSON, each after a quiet wait and a 3 s
 * warm-up.
 */
export async function benchProductPage(shop: DropTarget): Promise<ProductPageBench> {
  const { body } = await getJson<{ products: { id: string }[] }>(`${shop.origin}/api/products?active=true&sort=popular&limit=1`)
  const productId = body.products[0]!.id
  const jsonPath = `/api/products/${productId}`
  const pagePath = `/product/${productId}`
  const json = await fetched(`${shop.origin}${jsonPath}`)
  const page = await fetched(`${shop.origin}${pagePath}`)
  if (!page.text.includes('id="server-answers"') || page.text.includes('<div id="root"></div>')) {
    throw new Error(`${pagePath} came without its server render or its answers: the storefront's server build is missing`)
  }

  const measure = async (label: string, path: string, seconds: number): Promise<QuietLoad> => {
    const quietShare = await waitForQuietCpu({ busyShare: QUIET_SHARE, timeoutMs: QUIET_TIMEOUT_MS })
    const drive = (duration: number) => autocannon({ url: shop.origin, connections: CONNECTIONS, duration, headers: GZIP, requests: [{ method: "GET", path }] })
    await drive(3)
    const load = await observed(shop, async () => loadOf(label, await drive(seconds)))
    log(`${label}: ${Math.round(load.requestsPerSecond)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms, ${load.errors + load.non2xx} errors`)
    return { ...load, quietShare }
  }
  log(`product page: ${pagePath} (${(page.bytes / 1024).toFixed(1)} KB gzipped) against ${jsonPath}, ${SECONDS} s each in halves…`)
  const half = SECONDS / 2
  const jsonLabel = `\`GET ${jsonPath.replace(productId, "{id}")}\` (the JSON read)`
  const pageLabel = `\`GET ${pagePath.replace(productId, "{id}")}\` (the server-rendered page)`
  const first = await measure(jsonLabel, jsonPath, half)
  const second = await measure(pageLabel, pagePath, half)
  const third = await measure(pageLabel, pagePath, half)
  const fourth = await measure(jsonLabel, jsonPath, half)
  return { label: shop.label, productId, jsonBytes: json.bytes, pageBytes: page.bytes, json: halves(first, fourth), page: halves(second, third) }
}
