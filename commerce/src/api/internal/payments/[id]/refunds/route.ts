import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { refundsOfPayment } from "../../../../../lib/payment-refunds-of"

/** A payment's refunds and its order, for the BFF to pay those ops made in the dashboard (each once). */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  res.json({ payment: await refundsOfPayment(req.scope, req.params.id) })
}
