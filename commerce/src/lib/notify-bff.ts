import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

export type CatalogChange = { productIds: string[] } | { all: true } | { sales: true }

/**
 * Tells the BFF that catalogue data changed so its read model follows within moments. It changes
 * nothing in Medusa, so there is nothing to compensate; a missed call is repaired by the BFF's
 * periodic rebuild.
 */
export async function notifyCatalogChanged(container: MedusaContainer, change: CatalogChange, cause: string): Promise<void> {
  await notifyBff(container, "/api/internal/catalog/changed", change, cause)
}

/** Tells the BFF an order changed in the dashboard (cancelled, returned): it reads the order's state and follows it. */
export async function notifyOrderChanged(container: MedusaContainer, orderId: string, cause: string): Promise<void> {
  await notifyBff(container, `/api/internal/orders/${encodeURIComponent(orderId)}/changed`, {}, `${cause} of ${orderId}`)
}

/** Tells the BFF a payment was refunded (ops pressed Refund in the dashboard): it pays what it did not record itself. */
export async function notifyPaymentRefunded(container: MedusaContainer, paymentId: string): Promise<void> {
  await notifyBff(container, `/api/internal/payments/${encodeURIComponent(paymentId)}/refunded`, {}, `refund of payment ${paymentId}`)
}

/** Tells the BFF a Medusa admin user was deleted: that member of staff loses the role and every console session at once. */
export async function notifyStaffRemoved(container: MedusaContainer, userId: string): Promise<void> {
  await notifyBff(container, `/api/internal/staff/${encodeURIComponent(userId)}/removed`, {}, `admin user ${userId} deleted`)
}

async function notifyBff(container: MedusaContainer, path: string, body: unknown, cause: string): Promise<void> {
  const bffUrl = process.env.BFF_INTERNAL_URL
  const secret = process.env.INTERNAL_API_SECRET
  if (!bffUrl || !secret) return
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  try {
    const response = await fetch(new URL(path, bffUrl), {
      method: "POST",
      headers: { "content-type": "application/json", "x-internal-secret": secret },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    })
    if (!response.ok) logger.warn(`BFF refused the notice of ${cause}: ${response.status}`)
  } catch (error) {
    logger.warn(`Could not tell the BFF about ${cause}: ${(error as Error).message}`)
  }
}
