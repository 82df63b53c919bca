import { sessionStore, storageKeys } from "./storage"

/** The bag's Dark Coins choice, as checkout sends it: `{ applied, coins }`. */
export type DarkCoinsChoice = {
  applied: boolean
  coins: number
}

export const NO_DARK_COINS: DarkCoinsChoice = { applied: false, coins: 0 }

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

/** The stored choice; anything unreadable counts as not applied. */
export function readDarkCoinsChoice(): DarkCoinsChoice {
  const raw = sessionStore.get(storageKeys.checkoutDarkCoins)
  if (!raw) return NO_DARK_COINS
  try {
    const value: unknown = JSON.parse(raw)
    if (!isRecord(value) || value.applied !== true) return NO_DARK_COINS
    const coins = typeof value.coins === "number" && Number.isFinite(value.coins) ? value.coins : 0
    return { applied: true, coins }
  } catch {
    return NO_DARK_COINS
  }
}

export function saveDarkCoinsChoice(choice: DarkCoinsChoice): void {
  sessionStore.set(storageKeys.checkoutDarkCoins, JSON.stringify(choice))
}
