import { hmacSha256, sameBytes } from "../../lib/tokens.js"
import type { TaxDocumentKind } from "./document.js"

/** How long an e-mailed download link works: a month, past any return window, and the account's button always does. */
export const DOCUMENT_LINK_TTL_MS = 30 * 24 * 60 * 60_000

export const DOCUMENT_PATHS: Record<TaxDocumentKind, string> = { invoice: "invoice", credit_note: "credit-note" }

/**
 * Download links that work without signing in, for e-mails (a mail client opens them in a browser without the
 * shop's session): the order, the kind and an expiry, signed with a key of their own derived from
 * AUTH_TOKEN_SECRET. A link opens that one document of that one order until it expires, nothing else.
 */
export function documentLinks(authTokenSecret: string, now: () => number = Date.now) {
  const key = hmacSha256(authTokenSecret, "tax-document-links")
  const signatureOf = (orderId: string, kind: TaxDocumentKind, expires: number) => hmacSha256(key, `${kind}:${orderId}:${String(expires)}`)

  return {
    /** The path and query of a signed link (the caller puts the shop's origin in front). */
    signedPath(orderId: string, kind: TaxDocumentKind): string {
      const expires = Math.floor((now() + DOCUMENT_LINK_TTL_MS) / 1000)
      const query = new URLSearchParams({ expires: String(expires), signature: signatureOf(orderId, kind, expires) })
      return `/api/orders/${orderId}/${DOCUMENT_PATHS[kind]}?${query.toString()}`
    },
    /** Whether a link's expiry and signature open this document now. */
    opens(orderId: string, kind: TaxDocumentKind, link: { expires: number; signature: string }): boolean {
      return link.expires * 1000 > now() && sameBytes(link.signature, signatureOf(orderId, kind, link.expires))
    },
  }
}

export type DocumentLinks = ReturnType<typeof documentLinks>
