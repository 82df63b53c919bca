import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { completeCartWorkflow, createPaymentCollectionForCartWorkflow, createPaymentSessionsWorkflow } from "@medusajs/medusa/core-flows"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { capturePendingPayments } from "../../../orders/payments"
import { queryGraph } from "../../../../../lib/query"
import type { InternalCheckoutCompletionType } from "../../validators"

async function paymentCollectionId(req: MedusaRequest, cartId: string): Promise<string | undefined> {
  const { data } = await queryGraph(req.scope, { entity: "cart", fields: ["id", "payment_collection.id"], filters: { id: cartId } })
  if (!data[0]) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart ${cartId} was not found`)
  return (data[0].payment_collection as { id?: string } | null | undefined)?.id
}

/** Why Medusa would not place the order, for the BFF: stock ran out, or the provider refused the payment. */
function refusal(error: unknown): { type: string; message: string } | undefined {
  // Workflows rethrow their steps' errors, not always as Error instances.
  const { type, message } = (typeof error === "object" && error !== null ? error : {}) as { type?: unknown; message?: unknown }
  if (typeof message !== "string") return undefined
  if (/inventory|stock/i.test(message)) return { type: "out_of_stock", message }
  if (type === MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR || /authoriz/i.test(message)) return { type: "payment_refused", message }
  return undefined
}

/**
 * Pays a checkout cart through one of our recording payment providers and places the order, the shop's order id in
 * its metadata.
 * Idempotent: a cart that already became an order answers that order (Medusa's own completion keeps
 * one order per cart), so the BFF can retry after any failure.
 */
export const POST = async (req: MedusaRequest<InternalCheckoutCompletionType>, res: MedusaResponse) => {
  const cartId = req.params.id
  const { provider_id, data, shop_order_id } = req.validatedBody
  try {
    const { data: carts } = await queryGraph(req.scope, { entity: "cart", fields: ["id", "completed_at", "metadata"], filters: { id: cartId } })
    if (!carts[0]) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart ${cartId} was not found`)
    if (!carts[0].completed_at) {
      // The order takes the cart's metadata as it is placed: the shop's id is on it from its first moment.
      const metadata = (carts[0].metadata ?? {}) as Record<string, unknown>
      if (shop_order_id && metadata.shop_order_id !== shop_order_id) {
        await req.scope.resolve(Modules.CART).updateCarts(cartId, { metadata: { ...metadata, shop_order_id } })
      }
      let collectionId = await paymentCollectionId(req, cartId)
      if (!collectionId) {
        await createPaymentCollectionForCartWorkflow(req.scope).run({ input: { cart_id: cartId } })
        collectionId = await paymentCollectionId(req, cartId)
      }
      await createPaymentSessionsWorkflow(req.scope).run({
        input: { payment_collection_id: collectionId!, provider_id, data },
      })
    }
    const { result } = await completeCartWorkflow(req.scope).run({ input: { id: cartId } })
    // Razorpay has the money already; a retried completion captures whatever the first one didn't.
    if (provider_id === "pp_razorpay_razorpay") await capturePendingPayments(req.scope, result.id, provider_id)
    const { data: orders } = await queryGraph(req.scope, {
      entity: "order",
      fields: ["id", "items.id", "items.variant_id"],
      filters: { id: result.id },
    })
    // The order's line ids (ordli_…), which returns and exchanges name: the BFF keeps each with its bought line.
    const lines = ((orders[0]?.items ?? []) as ({ id: string; variant_id: string | null } | null)[]).flatMap((item) =>
      item ? [{ id: item.id, variant_id: item.variant_id }] : [],
    )
    res.json({ order_id: result.id, lines })
  } catch (error) {
    const refused = refusal(error)
    if (!refused) throw error
    res.status(409).json(refused)
  }
}
