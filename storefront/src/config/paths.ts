import { productPath } from "@fitshop/contracts"

/** Every storefront route in one place, so links and the router cannot drift apart. */
export const paths = {
  home: "/",
  shop: "/shop",
  product: productPath,
  cart: "/cart",
  wishlist: "/wishlist",
  payments: "/payments",
  login: "/login",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  fitfeed: "/fitfeed",
  fitfeedPost: (postId: string) => `/fitfeed/${encodeURIComponent(postId)}`,
  /** The feed with this post pulled to the top and highlighted. */
  fitfeedHighlight: (postId: string) => `/fitfeed?highlight=${encodeURIComponent(postId)}`,
  fitProfile: (handleOrId: string) => `/fit/${encodeURIComponent(handleOrId).replace(/^%40/, "@")}`,
  fitProfileByUserId: (userId: string) => `/fit/u/${encodeURIComponent(userId)}`,
  account: "/account",
  admin: "/admin",
} as const

export type NavItem = {
  label: string
  to: string
}

/** Main navigation, in display order; the mobile bottom bar shows the first MOBILE_BOTTOM_BAR_COUNT. */
export const MAIN_NAV: readonly NavItem[] = [
  { label: "HOME", to: paths.home },
  { label: "SHOP", to: paths.shop },
  { label: "FITFEED", to: paths.fitfeed },
  { label: "ACCOUNT", to: paths.account },
  { label: "WARDROBE", to: paths.wishlist },
  { label: "CART", to: paths.cart },
]

export const MOBILE_BOTTOM_BAR_COUNT = 4

export const isAdminPath = (pathname: string) => pathname === paths.admin || pathname.startsWith(`${paths.admin}/`)
