import { useMutation, useQueryClient } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import { queryKeys } from "@/lib/query-keys"
import type { ReturnCreated, ReturnRequest } from "@fitshop/contracts"

export type CreateReturnInput = { orderId: string; request: ReturnRequest }

/** POST /api/orders/{orderId}/returns: asks for a return or a size exchange of some of the order's lines. */
export const createReturn = ({ orderId, request }: CreateReturnInput) =>
  apiClient.post<ReturnCreated>(`/api/orders/${encodeURIComponent(orderId)}/returns`, request)

/** The order then carries the return (and its lines fewer units to return), so the orders reload. */
export function useCreateReturn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createReturn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
  })
}
