import { useMutation, useQueryClient } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import { queryKeys } from "@/lib/query-keys"
import type { AddressAnswer, AddressBody } from "@fitshop/contracts"

export const createAddress = (input: AddressBody) => apiClient.post<AddressAnswer>("/api/addresses", input)

export function useCreateAddress() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.addresses }),
  })
}
