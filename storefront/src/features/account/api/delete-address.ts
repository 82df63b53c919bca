import { useMutation, useQueryClient } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import { queryKeys } from "@/lib/query-keys"

export const deleteAddress = (id: string) => apiClient.delete<null>(`/api/addresses/${encodeURIComponent(id)}`)

/** Deleting the default makes the server pick the next one, so the whole list reloads. */
export function useDeleteAddress() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.addresses }),
  })
}
