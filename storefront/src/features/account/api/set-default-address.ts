import { useMutation, useQueryClient } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import { queryKeys } from "@/lib/query-keys"
import type { AddressAnswer } from "@fitshop/contracts"

export const setDefaultAddress = (id: string) => apiClient.post<AddressAnswer>(`/api/addresses/${encodeURIComponent(id)}/default`)

/** The previous default loses its mark on the server, so the whole list reloads. */
export function useSetDefaultAddress() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setDefaultAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.addresses }),
  })
}
