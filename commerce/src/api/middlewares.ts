import { timingSafeEqual } from "node:crypto"
import path from "node:path"
import { defineMiddlewares, validateAndTransformBody, type MedusaNextFunction, type MedusaRequest, type MedusaResponse } from "@medusajs/framework/http"
import express from "express"
import { logRequestId } from "./request-id"
import { InternalAdminProduct, InternalAdminProductStatuses, InternalAdminProductVersion } from "./internal/admin-products/validators"
import { InternalCheckoutCart, InternalCheckoutCompletion } from "./internal/checkout-carts/validators"
import { InternalCustomerAddress } from "./internal/customers/[id]/addresses/validators"
import {
  InternalEmptyBody,
  InternalExchangeRequest,
  InternalExchangeShipment,
  InternalRefundRecord,
  InternalReturnRequest,
  InternalShipment,
} from "./internal/orders/validators"

const mediaDir = path.resolve(process.env.MEDIA_DIR || path.join(process.cwd(), "..", "var", "media"))
/** The shop's /media (the BFF's), where the dashboard's images are when they are in the shared bucket (S3_BUCKET). */
const mediaPublicUrl = process.env.MEDIA_PUBLIC_URL || `${process.env.PUBLIC_URL || "http://localhost:8080"}/media`

/** The bucket has the files, not this host: the browser is sent to the shop's /media, which serves them (?w= too). */
function redirectToShopMedia(req: MedusaRequest, res: MedusaResponse) {
  res.redirect(302, `${mediaPublicUrl}${req.url}`)
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** Routes under /internal answer only the BFF, which sends the shared INTERNAL_API_SECRET. */
function requireInternalSecret(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const expected = process.env.INTERNAL_API_SECRET
  const given = req.get("x-internal-secret")
  if (!expected || !given || !sameSecret(given, expected)) {
    res.status(403).json({ type: "not_allowed", message: "Forbidden" })
    return
  }
  next()
}

/**
 * Product images are stored as /media/… paths that the BFF serves to shoppers; Medusa serves the same
 * folder read-only (or, with S3, redirects to the shop's) so the ops dashboard on its own origin shows the thumbnails too.
 */
export default defineMiddlewares({
  routes: [
    {
      matcher: "/media",
      middlewares: [process.env.S3_BUCKET ? redirectToShopMedia : express.static(mediaDir, { index: false, fallthrough: false, maxAge: "7d" })],
    },
    { matcher: "/internal/*", middlewares: [logRequestId, requireInternalSecret] },
    { matcher: "/store/*", middlewares: [logRequestId] },
    { matcher: "/auth/*", middlewares: [logRequestId] },
    {
      matcher: "/internal/customers/:id/addresses",
      method: ["POST"],
      middlewares: [validateAndTransformBody(InternalCustomerAddress)],
    },
    {
      matcher: "/internal/customers/:id/addresses/:address_id",
      method: ["POST"],
      middlewares: [validateAndTransformBody(InternalCustomerAddress)],
    },
    { matcher: "/internal/checkout-carts", method: ["POST"], middlewares: [validateAndTransformBody(InternalCheckoutCart)] },
    {
      matcher: "/internal/checkout-carts/:id/complete",
      method: ["POST"],
      middlewares: [validateAndTransformBody(InternalCheckoutCompletion)],
    },
    { matcher: "/internal/orders/:id/shipment", method: ["POST"], middlewares: [validateAndTransformBody(InternalShipment)] },
    { matcher: "/internal/orders/:id/returns", method: ["POST"], middlewares: [validateAndTransformBody(InternalReturnRequest)] },
    { matcher: "/internal/orders/:id/returns/:return_id/receive", method: ["POST"], middlewares: [validateAndTransformBody(InternalEmptyBody)] },
    { matcher: "/internal/orders/:id/returns/:return_id/cancel", method: ["POST"], middlewares: [validateAndTransformBody(InternalEmptyBody)] },
    { matcher: "/internal/orders/:id/exchanges/:exchange_id/cancel", method: ["POST"], middlewares: [validateAndTransformBody(InternalEmptyBody)] },
    { matcher: "/internal/orders/:id/refunds", method: ["POST"], middlewares: [validateAndTransformBody(InternalRefundRecord)] },
    { matcher: "/internal/orders/:id/exchanges", method: ["POST"], middlewares: [validateAndTransformBody(InternalExchangeRequest)] },
    {
      matcher: "/internal/orders/:id/exchanges/:exchange_id/ship",
      method: ["POST"],
      middlewares: [validateAndTransformBody(InternalExchangeShipment)],
    },
    { matcher: "/internal/admin-products", method: ["POST"], middlewares: [validateAndTransformBody(InternalAdminProduct)] },
    { matcher: "/internal/admin-products/statuses", method: ["POST"], middlewares: [validateAndTransformBody(InternalAdminProductStatuses)] },
    { matcher: "/internal/admin-products/:id/versions", method: ["POST"], middlewares: [validateAndTransformBody(InternalAdminProductVersion)] },
  ],
})
