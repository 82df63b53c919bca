import { useMutation, useQueryClient } from "@tanstack/react-query"
import { queryKeys } from "@/lib/query-keys"
import type { Bag } from "@fitshop/contracts"

type OptimisticCartEdit<TVariables> = {
  mutationFn: (variables: TVariables) => Promise<Bag>
  /** The bag as it should look while the call is under way. */
  edit: (cart: Bag, variables: TVariables) => Bag
  /** The bag to show after a failure; the bag from before the edit unless given. */
  editOnFailure?: (before: Bag, variables: TVariables, error: Error) => Bag
}

/**
 * A bag change shown at once: the cached bag is edited first, restored (or `editOnFailure`d) when the
 * call fails, replaced by the server's answer when it succeeds, and reloaded from the server either way.
 */
export function useOptimisticCartEdit<TVariables>({ mutationFn, edit, editOnFailure }: OptimisticCartEdit<TVariables>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onMutate: async (variables: TVariables) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.cart })
      const before = queryClient.getQueryData<Bag>(queryKeys.cart)
      if (before) queryClient.setQueryData<Bag>(queryKeys.cart, edit(before, variables))
      return { before }
    },
    onError: (error, variables, result) => {
      const before = result?.before
      if (!before) return
      queryClient.setQueryData<Bag>(queryKeys.cart, editOnFailure ? editOnFailure(before, variables, error) : before)
    },
    onSuccess: (cart) => {
      queryClient.setQueryData<Bag>(queryKeys.cart, cart)
    },
    /** Not awaited: the change is over (and its alert shown) without waiting for the reload. */
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.cart })
    },
  })
}
