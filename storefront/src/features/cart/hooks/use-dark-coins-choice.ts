import { useEffect, useState } from "react"
import { readDarkCoinsChoice, saveDarkCoinsChoice } from "@/lib/dark-coins-choice"
import type { BagSummary } from "@fitshop/contracts"

/**
 * The bag's Dark Coins switch. It can be on only while the server offers a discount (usableDiscount > 0);
 * the stored `{ applied, coins }` follows the bag, so a discount that falls to 0 clears it and a new
 * coinsToSpend replaces the old one.
 */
export function useDarkCoinsChoice({ usableDiscount, coinsToSpend }: Pick<BagSummary, "usableDiscount" | "coinsToSpend">) {
  const usable = usableDiscount > 0
  const [wanted, setWanted] = useState(() => readDarkCoinsChoice().applied)
  if (wanted && !usable) setWanted(false)
  const applied = wanted && usable
  const coins = applied ? coinsToSpend : 0

  useEffect(() => {
    const stored = readDarkCoinsChoice()
    if (stored.applied === applied && stored.coins === coins) return
    saveDarkCoinsChoice({ applied, coins })
  }, [applied, coins])

  return {
    usable,
    applied,
    /** Paise taken off the total. */
    discount: applied ? usableDiscount : 0,
    apply: () => {
      setWanted(true)
    },
    remove: () => {
      setWanted(false)
    },
  }
}
