import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { createOrderFulfillmentWorkflow, createOrderShipmentWorkflow, markOrderFulfillmentAsDeliveredWorkflow } from "@medusajs/medusa/core-flows"
import type { BigNumberInput } from "@medusajs/framework/types"
import { MathBN, MedusaError } from "@medusajs/framework/utils"
import { queryGraph } from "../../../../../lib/query"
import { capturePendingPayments } from "../../payments"
import type { InternalShipmentType } from "../../validators"

// An order line's quantity comes from its detail row, which the query must ask for.
type OrderItem = { id: string; quantity: BigNumberInput; requires_shipping?: boolean | null }
type Fulfillment = {
  id: string
  shipped_at?: string | null
  delivered_at?: string | null
  canceled_at?: string | null
  metadata?: Record<string, unknown> | null
}

/**
 * Follows the courier in Medusa, so ops see in the dashboard what the shopper sees: the first scan
 * creates the fulfilment (with the AWB as its label), SHIPPED marks it shipped, DELIVERED marks it
 * delivered and captures a cash-on-delivery payment (the courier collected it). Each step is skipped
 * when already done, so a repeated update changes nothing.
 */
export const POST = async (req: MedusaRequest<InternalShipmentType>, res: MedusaResponse) => {
  const orderId = req.params.id
  const { status, tracking_number, tracking_url } = req.validatedBody
  const { data } = await queryGraph(req.scope, {
    entity: "order",
    fields: [
      "id",
      "status",
      "items.id",
      "items.quantity",
      "items.detail.quantity",
      "items.requires_shipping",
      "fulfillments.id",
      "fulfillments.shipped_at",
      "fulfillments.delivered_at",
      "fulfillments.canceled_at",
      "fulfillments.metadata",
    ],
    filters: { id: orderId },
  })
  const order = data[0]
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${orderId} was not found`)
  if (order.status === "canceled") {
    res.json({ order_id: orderId, skipped: "canceled" })
    return
  }
  // Orders placed before the COD fee moved onto the shipping method carry it as a line that doesn't ship,
  // and Medusa won't put such a line in a parcel's fulfilment; such an order still reads partially delivered.
  const items = ((order.items ?? []) as OrderItem[])
    .filter((item) => item.requires_shipping !== false)
    .map((item) => ({ id: item.id, quantity: MathBN.convert(item.quantity).toNumber() }))
  const labels = [{ tracking_number, tracking_url, label_url: tracking_url }]

  // The order's own parcel: a size exchange's parcel is a fulfilment of its own (marked with its exchange), followed apart.
  let fulfillment = ((order.fulfillments ?? []) as Fulfillment[]).find((f) => !f.canceled_at && !f.metadata?.exchange_id)
  if (!fulfillment) {
    const { result } = await createOrderFulfillmentWorkflow(req.scope).run({
      input: { order_id: orderId, items, labels, no_notification: true, metadata: { courier_tracking: tracking_url } },
    })
    fulfillment = { id: result.id }
  }
  if (!fulfillment.shipped_at) {
    await createOrderShipmentWorkflow(req.scope).run({
      input: { order_id: orderId, fulfillment_id: fulfillment.id, items, labels, no_notification: true },
    })
  }
  if (status === "delivered") {
    if (!fulfillment.delivered_at) {
      await markOrderFulfillmentAsDeliveredWorkflow(req.scope).run({ input: { orderId, fulfillmentId: fulfillment.id } })
    }
    await capturePendingPayments(req.scope, orderId, "pp_cod_cod")
  }
  res.json({ order_id: orderId, fulfillment_id: fulfillment.id, status })
}
