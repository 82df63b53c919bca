import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { queryGraph } from "../../../../lib/query"
import { checkoutCartView } from "../helpers"

/** A checkout cart's totals and the order it became, if any: the BFF asks after losing Medusa's answer mid-way. */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  const cart = await checkoutCartView(req.scope, req.params.id)
  const { data: links } = await queryGraph(req.scope, { entity: "order_cart", fields: ["order_id"], filters: { cart_id: req.params.id } })
  const orderId = links.map((link) => link.order_id).find((id): id is string => typeof id === "string")
  res.json({ cart, order_id: orderId ?? null })
}
