import { PRODUCT_ID_PATTERN } from "@fitshop/contracts"

export const DEFAULT_RETURN_PATH = "/account"

const PROBE_ORIGIN = "https://shop.invalid"
const INTENT = /^[a-z][a-z_-]{0,31}$/i
const POST_ID = /^[A-Za-z0-9_-]{1,64}$/

/**
 * A path on this site only: one leading '/', not '//' nor '/\' (which browsers read as another
 * host), no scheme, and still on this origin once parsed (tabs and newlines are dropped by parsers).
 */
export function isSafeReturnPath(value: string | null | undefined): value is string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return false
  try {
    return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN
  } catch {
    return false
  }
}

type ReturnPathSources = {
  next: string | null
  remembered: string | null
  intent: string | null
  post: string | null
  product: string | null
}

/**
 * Where to go after signing in: the `next` query, else the remembered return path, else /account;
 * the feed's `intent`, `post` and `product` are passed on so it can finish the like or comment, or open the
 * create dialog about the product.
 */
export function resolveReturnPath({ next, remembered, intent, post, product }: ReturnPathSources): string {
  const base = [next, remembered].find(isSafeReturnPath) ?? DEFAULT_RETURN_PATH
  const url = new URL(base, PROBE_ORIGIN)
  if (intent && INTENT.test(intent)) url.searchParams.set("intent", intent)
  if (post && POST_ID.test(post)) url.searchParams.set("post", post)
  if (product && PRODUCT_ID_PATTERN.test(product)) url.searchParams.set("product", product)
  return `${url.pathname}${url.search}${url.hash}`
}
