/** Total = subtotal − Dark Coins discount + COD fee, never below 0 (the bag has no fee); all in paise. */
export const orderTotal = (subtotal: number, discount: number, codFee = 0): number => Math.max(0, subtotal - discount + codFee)
