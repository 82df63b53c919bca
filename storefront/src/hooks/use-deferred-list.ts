import { useDeferredValue, useState } from "react"

const NOT_YET_SHOWN: readonly never[] = []

/**
 * A list of cards rendered as a deferred value. react-query delivers data as a blocking update, and a
 * page of cards is the biggest render the shop does: deferred, the cards follow in an interruptible
 * background render instead of one long task. `pending` stays true (keep the skeleton) until the first
 * render with the items is ready; later changes keep the previous items on screen meanwhile. Items that
 * are there from the first render (the page came with its data) show at once, with no skeleton first.
 */
export function useDeferredList<T>(items: readonly T[]): { shown: readonly T[]; pending: boolean } {
  const [itemsAtMount] = useState(items)
  const shown = useDeferredValue<readonly T[]>(items, itemsAtMount.length > 0 ? itemsAtMount : NOT_YET_SHOWN)
  return { shown, pending: shown === NOT_YET_SHOWN && items.length > 0 }
}
