import { apiClient } from "@/lib/api-client"
import type { Cart } from "@/types/cart"
import { withoutLine } from "../utils/cart-edits"
import { useOptimisticCartEdit } from "../hooks/use-optimistic-cart-edit"

export const removeCartItem = (id: string) => apiClient.delete<Cart>(`/api/cart/${encodeURIComponent(id)}`)

export const useRemoveCartItem = () =>
  useOptimisticCartEdit({
    mutationFn: removeCartItem,
    edit: (cart, id: string) => withoutLine(cart, id),
  })
