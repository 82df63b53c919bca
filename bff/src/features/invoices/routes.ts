import { Router } from "express"
import type { Authentication } from "../../http/authenticate.js"
import { notFound, unauthorized } from "../../http/errors.js"
import { noStore } from "../../http/no-store.js"
import { perUserAndAddress, rateLimit } from "../../http/rate-limit.js"
import { validated } from "../../http/validate.js"
import type { Db } from "../../lib/db.js"
import type { RateLimiter } from "../../lib/rate-limit.js"
import { orderById } from "../orders/index.js"
import type { TaxDocumentKind } from "./document.js"
import type { TaxDocuments } from "./issue.js"
import { DOCUMENT_PATHS, type DocumentLinks } from "./links.js"
import { renderTaxDocument } from "./pdf.js"
import { documentLinkQuery, orderIdParams } from "./schema.js"

const HOUR = 60 * 60_000
/** Each download renders a PDF: plenty for a shopper or staff member, little for a script. */
const DOWNLOADS_PER_HOUR = 120

const NONE: Record<TaxDocumentKind, string> = {
  invoice: "This order has no invoice yet: it is issued when the order is paid online, or dispatched for cash on delivery.",
  credit_note: "This order has no credit note: one follows a refunded return, or an invoiced order that was cancelled or returned.",
}
const ORDER_NOT_FOUND = "Order not found"

type Options = { db: Db; authentication: Authentication; limiter: RateLimiter; documents: TaxDocuments; links: DocumentLinks }

/**
 * GET /api/orders/{id}/invoice and /credit-note: the PDF, to the order's owner and to staff (signed in), or to
 * whoever opens an e-mailed link signed for that document. Anyone else's order answers 404 as no order does, so
 * ids can't be probed; a link that is forged, altered or expired opens nothing either. A document due but not
 * issued yet is issued on the spot.
 */
export function invoiceRoutes({ db, authentication, limiter, documents, links }: Options): Router {
  const router = Router()
  const downloads = rateLimit(limiter, perUserAndAddress("tax-documents", HOUR, DOWNLOADS_PER_HOUR, DOWNLOADS_PER_HOUR * 5))

  for (const kind of ["invoice", "credit_note"] as const) {
    router.get(
      `/orders/:id/${DOCUMENT_PATHS[kind]}`,
      authentication.optionalUser,
      downloads,
      noStore,
      validated({ params: orderIdParams, query: documentLinkQuery }, async (req, res, { params, query }) => {
        const user = req.user
        const signed = query.expires !== undefined && query.signature !== undefined
        if (!signed && !user) throw unauthorized()
        const order = await orderById(db, params.id)
        const opened = signed
          ? links.opens(params.id, kind, { expires: query.expires!, signature: query.signature! })
          : order?.userId === user?.id || user?.role === "admin"
        if (!order || !opened) throw notFound(ORDER_NOT_FOUND)
        const document = await documents.issue(order.id, kind)
        if (!document) throw notFound(NONE[kind])
        const pdf = await renderTaxDocument(document)
        res
          .type("application/pdf")
          .set("Content-Disposition", `attachment; filename="${DOCUMENT_PATHS[kind]}-${document.number.replaceAll("/", "-")}.pdf"`)
          .send(pdf)
      }),
    )
  }
  return router
}
