import { COINS_PER_RUPEE } from "@fitshop/contracts"

/**
 * The one Dark Coins rule (docs/orders-and-money.md): discount in paise = min(floor(coins / 10) × 100, subtotal),
 * in whole rupees; the coins it spends = discount / 100 × 10.
 */
export function darkCoinsDiscount(balance: number, subtotalPaise: number): { discount: number; coins: number } {
  const byCoins = Math.floor(Math.max(0, balance) / COINS_PER_RUPEE) * 100
  const cap = Math.floor(Math.max(0, subtotalPaise) / 100) * 100
  const discount = Math.min(byCoins, cap)
  return { discount, coins: (discount / 100) * COINS_PER_RUPEE }
}
