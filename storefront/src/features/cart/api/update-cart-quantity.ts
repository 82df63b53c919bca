import { apiClient } from "@/lib/api-client"
import type { Bag, SetQuantityBody } from "@fitshop/contracts"
import { withQuantity } from "../utils/cart-edits"
import { useOptimisticCartEdit } from "../hooks/use-optimistic-cart-edit"

export type CartQuantityInput = SetQuantityBody & { id: string }

/** PUT /api/cart/{id}; a quantity of 0 or less removes the line. */
export const updateCartQuantity = ({ id, quantity }: CartQuantityInput) =>
  apiClient.put<Bag>(`/api/cart/${encodeURIComponent(id)}`, { quantity } satisfies SetQuantityBody)

export const useUpdateCartQuantity = () =>
  useOptimisticCartEdit({
    mutationFn: updateCartQuantity,
    edit: (cart, { id, quantity }: CartQuantityInput) => withQuantity(cart, id, quantity),
  })
