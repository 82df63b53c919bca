/** Medusa stores rupees (major units); the API speaks paise: the one pair of conversions, used at the edge. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100)
}

/** Paise as a number of rupees (1299.5), for Medusa's and Shiprocket's amounts. */
export function paiseToRupees(paise: number): number {
  return Math.round(paise) / 100
}

/** Paise as rupees with two decimals ("1299.50"), as the shop shows and Shiprocket takes prices. */
export function rupees(paise: number): string {
  return (paise / 100).toFixed(2)
}
