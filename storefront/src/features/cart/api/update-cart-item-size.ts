import { apiClient } from "@/lib/api-client"
import type { Bag, SetSizeBody } from "@fitshop/contracts"
import { withSize } from "../utils/cart-edits"
import { isOutOfStock } from "../utils/cart-errors"
import { useOptimisticCartEdit } from "../hooks/use-optimistic-cart-edit"

export type CartSizeInput = SetSizeBody & { id: string }

/** PATCH /api/cart/items/{id}; the answer's line has a new id, so the bag is always reloaded after it. */
export const updateCartItemSize = ({ id, size }: CartSizeInput) =>
  apiClient.patch<Bag>(`/api/cart/items/${encodeURIComponent(id)}`, { size } satisfies SetSizeBody)

/** A size that is out of stock is cleared (the line is flagged again); any other failure restores the line. */
export const useUpdateCartItemSize = () =>
  useOptimisticCartEdit({
    mutationFn: updateCartItemSize,
    edit: (cart, { id, size }: CartSizeInput) => withSize(cart, id, size),
    editOnFailure: (before, { id }, error) => (isOutOfStock(error) ? withSize(before, id, null) : before),
  })
