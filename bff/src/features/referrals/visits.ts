import type { IncomingMessage } from "node:http"
import { parse as parseQueryString } from "node:querystring"
import type { Db } from "../../lib/db.js"
import type { Logger } from "../../lib/logger.js"
import { PRODUCT_ID_PATTERN } from "@fitshop/contracts"
import { addressKey, clientAddressOf, type TrustProxy } from "../../http/client-address.js"
import { sha256, verifyAccessToken } from "../../lib/tokens.js"
import { DIGITS_ID } from "../fitfeed/index.js"

/** The referring post of a request: X-Ref-Post, else the `refPost` query parameter; undefined unless digits. */
export function refPostOf(req: IncomingMessage, query: string): string | undefined {
  const header = req.headers["x-ref-post"]
  const fromQuery = parseQueryString(query).refPost
  const candidate = (typeof header === "string" ? header : undefined) ?? (typeof fromQuery === "string" ? fromQuery : undefined)
  const value = candidate?.trim()
  return value && DIGITS_ID.test(value) ? value : undefined
}

/**
 * Who visited: the signed-in shopper when the request carries a valid access token (its signature is enough
 * to name them here), else a hash of the client's address (an IPv6 client by its /64), so no address is
 * stored and a client can't multiply its visits by changing its browser's name.
 */
function visitorOf(req: IncomingMessage, tokenSecret: string, trust: TrustProxy): string {
  const auth = req.headers.authorization
  const claims = auth?.startsWith("Bearer ") ? verifyAccessToken(auth.slice(7).trim(), tokenSecret) : undefined
  if (claims) return `user:${claims.sub}`
  return `anon:${sha256(addressKey(clientAddressOf(req, trust)) ?? "").slice(0, 32)}`
}

/**
 * Records arrivals through a shared post: one visit per visitor, post and day, and only for a real product id
 * that is the post's own product on a post still in the feed; never delays the answer.
 */
export function referralVisits({ db, tokenSecret, trust, logger }: { db: Db; tokenSecret: string; trust: TrustProxy; logger: Logger }) {
  async function record(postId: string, visitor: string, productId: string): Promise<void> {
    await db.query(
      `insert into bff.referral_visits (post_id, visitor, product_id)
       select id, $2, product_id from bff.fitfeed_posts where id = $1 and product_id = $3 and hidden_at is null
       on conflict do nothing`,
      [postId, visitor, productId],
    )
  }

  return {
    record,
    /** For the catalogue's product reads: a request with a valid referral is recorded in the background. */
    onProductRead(req: IncomingMessage, productId: string, query: string): void {
      if (!PRODUCT_ID_PATTERN.test(productId)) return
      const postId = refPostOf(req, query)
      if (!postId) return
      record(postId, visitorOf(req, tokenSecret, trust), productId).catch((err: unknown) => logger.warn({ err, postId }, "could not record a referral visit"))
    },
  }
}
