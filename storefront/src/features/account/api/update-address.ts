import { useMutation, useQueryClient } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import { queryKeys } from "@/lib/query-keys"
import type { AddressAnswer, AddressBody } from "@fitshop/contracts"

export type UpdateAddressInput = { id: string; address: AddressBody }

/** PUT /api/addresses/{id} with the whole address, as the create call takes it. */
export const updateAddress = ({ id, address }: UpdateAddressInput) => apiClient.put<AddressAnswer>(`/api/addresses/${encodeURIComponent(id)}`, address)

export function useUpdateAddress() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.addresses }),
  })
}
