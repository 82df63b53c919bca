import { SESSION_STORAGE_KEYS } from "@fitshop/contracts"

/** Every browser-storage key the storefront reads or writes; the admin console shares the session keys. */
export const storageKeys = {
  ...SESSION_STORAGE_KEYS,
  refPost: "ref_post",
  refPostExp: "ref_post_exp",
  returnToPath: "return_to_path",
  /** Session: the FitFeed pulls the post opened from the home preview to the top. */
  fitfeedHighlight: "FITFEED_HIGHLIGHT",
  /** Local: the pincode the shopper last asked a delivery date for (the product page's delivery promise). */
  deliveryPincode: "delivery_pincode",
  /** Session: whether the shopper applied Dark Coins in the bag, and how many; checkout reads it. */
  checkoutDarkCoins: "checkout_dark_coins",
} as const

type StorageKey = (typeof storageKeys)[keyof typeof storageKeys]

/** Storage can be switched off or full; the shop then behaves as if nothing was stored. */
function wrap(pick: () => Storage) {
  return {
    get(key: StorageKey): string | null {
      try {
        return pick().getItem(key)
      } catch {
        return null
      }
    },
    set(key: StorageKey, value: string): void {
      try {
        pick().setItem(key, value)
      } catch {
        return
      }
    },
    remove(key: StorageKey): void {
      try {
        pick().removeItem(key)
      } catch {
        return
      }
    },
  }
}

export const localStore = wrap(() => window.localStorage)

export const sessionStore = wrap(() => window.sessionStorage)
