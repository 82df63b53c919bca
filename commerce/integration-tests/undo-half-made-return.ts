import type { ExecArgs } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { activeOrderChange } from "../src/lib/order-changes"
import { queryGraph } from "../src/lib/query"
import { requestBffReturnWorkflow } from "../src/workflows/order-returns/workflows/request-bff-return"

/**
 * Run by request-bff-return.test.ts with `medusa exec` on a throwaway database: asks for a return of more units
 * than the order's line has, which Medusa refuses after the return was begun, and prints what is left on the order.
 */
export default async function undoHalfMadeReturn({ container }: ExecArgs) {
  await container.resolve(Modules.STOCK_LOCATION).createStockLocations({ name: "Test warehouse" })
  const [order] = await container
    .resolve(Modules.ORDER)
    .createOrders([{ currency_code: "inr", email: "undo@example.test", items: [{ title: "Tee", quantity: 1, unit_price: 500 }] }])
  const lineId = order!.items![0]!.id
  const input = { order_id: order!.id, request: { bff_return_id: "bff-undo-1", items: [{ id: lineId, quantity: 5 }] }, lock_owner: "undo-test" }
  const error = await requestBffReturnWorkflow(container)
    .run({ input })
    .then(
      () => null,
      (failure: { message?: string }) => failure.message ?? String(failure),
    )
  const { data: returns } = await queryGraph(container, { entity: "return", fields: ["id", "status"], filters: { order_id: order!.id } })
  const change = await activeOrderChange(container, order!.id, { return_id: String(returns[0]?.id ?? "none") })
  const { data: changes } = await queryGraph(container, { entity: "order_change", fields: ["id", "status"], filters: { order_id: order!.id } })
  process.stdout.write(`UNDO-RESULT ${JSON.stringify({ error, returns, changes, activeChange: change ?? null })}\n`)
}
