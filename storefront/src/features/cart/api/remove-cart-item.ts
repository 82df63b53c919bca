import { apiClient } from "@/lib/api-client"
import type { Bag } from "@fitshop/contracts"
import { withoutLine } from "../utils/cart-edits"
import { useOptimisticCartEdit } from "../hooks/use-optimistic-cart-edit"

export const removeCartItem = (id: string) => apiClient.delete<Bag>(`/api/cart/${encodeURIComponent(id)}`)

export const useRemoveCartItem = () =>
  useOptimisticCartEdit({
    mutationFn: removeCartItem,
    edit: (cart, id: string) => withoutLine(cart, id),
  })
