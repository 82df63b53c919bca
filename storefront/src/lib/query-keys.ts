/** The react-query keys that more than one screen reads or invalidates, so they cannot drift apart. */
export const queryKeys = {
  cart: ["cart"],
  wishlist: ["wishlist"],
  addresses: ["addresses"],
  wallet: ["wallet"],
  orders: ["orders"],
} as const
