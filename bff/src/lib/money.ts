/** Paise as rupees with two decimals ("1299.50"), as the shop shows and Shiprocket takes prices. */
export function rupees(paise: number): string {
  return (paise / 100).toFixed(2)
}
