import type { ReactNode } from "react"
import { matchRoutes, useRoutes, type RouteObject } from "react-router-dom"
import { MainLayout } from "@/components/layouts/main-layout"
import { ProductPage } from "@/features/catalog/routes/product-page"
import { ShopPage } from "@/features/catalog/routes/shop-page"
import { HomePage } from "@/features/home/routes/home-page"
import { HeaderSearch } from "@/features/search"
import { ProtectedRoute } from "@/lib/auth"
import { lazyPage } from "./lazy-page"
import { NotFoundPage } from "@/components/not-found-page"
import { LEGAL_PAGES, SEARCH_PAGE_PATH } from "@fitshop/contracts"

// The home, shop and product pages are in the first download; every other screen loads when first opened.
const AccountPage = lazyPage(() => import("@/features/account/routes/account-page").then((module) => module.AccountPage))
const ForgotPasswordPage = lazyPage(() => import("@/features/auth/routes/forgot-password-page").then((module) => module.ForgotPasswordPage))
const LoginPage = lazyPage(() => import("@/features/auth/routes/login-page").then((module) => module.LoginPage))
const ResetPasswordPage = lazyPage(() => import("@/features/auth/routes/reset-password-page").then((module) => module.ResetPasswordPage))
const CartPage = lazyPage(() => import("@/features/cart/routes/cart-page").then((module) => module.CartPage))
const PaymentsPage = lazyPage(() => import("@/features/checkout/routes/payments-page").then((module) => module.PaymentsPage))
const FeedPage = lazyPage(() => import("@/features/fitfeed/routes/feed-page").then((module) => module.FeedPage))
const ProfilePage = lazyPage(() => import("@/features/profiles/routes/profile-page").then((module) => module.ProfilePage))
const WishlistPage = lazyPage(() => import("@/features/wishlist/routes/wishlist-page").then((module) => module.WishlistPage))
const TermsPage = lazyPage(() => import("@/features/legal/routes/terms-page").then((module) => module.TermsPage))
const PrivacyPage = lazyPage(() => import("@/features/legal/routes/privacy-page").then((module) => module.PrivacyPage))
const ReturnsPolicyPage = lazyPage(() => import("@/features/legal/routes/returns-policy-page").then((module) => module.ReturnsPolicyPage))
const ShippingPolicyPage = lazyPage(() => import("@/features/legal/routes/shipping-policy-page").then((module) => module.ShippingPolicyPage))
const ReviewsPolicyPage = lazyPage(() => import("@/features/legal/routes/reviews-policy-page").then((module) => module.ReviewsPolicyPage))
const ContactPage = lazyPage(() => import("@/features/legal/routes/contact-page").then((module) => module.ContactPage))
const SearchPage = lazyPage(() => import("@/features/search/routes/search-page").then((module) => module.SearchPage))

/** The lazily loaded pages the server renders (the policies, search): it downloads them before its first render (entry-server.tsx). */
const SERVER_RENDERED_SCREENS = [TermsPage, PrivacyPage, ReturnsPolicyPage, ShippingPolicyPage, ReviewsPolicyPage, ContactPage, SearchPage]

export const preloadServerRenderedPages = () => Promise.all(SERVER_RENDERED_SCREENS.map((page) => page.preload()))

/** Downloads every lazily loaded screen (tests, and idle time after the first page). */
export const preloadRoutes = () =>
  Promise.all(
    [
      AccountPage,
      ForgotPasswordPage,
      LoginPage,
      ResetPasswordPage,
      CartPage,
      PaymentsPage,
      FeedPage,
      ProfilePage,
      WishlistPage,
      ...SERVER_RENDERED_SCREENS,
    ].map((page) => page.preload()),
  )

const protectedPage = (page: ReactNode) => <ProtectedRoute>{page}</ProtectedRoute>

/** Marks the routes whose pages the BFF renders on the server; the rest are painted in the browser. */
const SERVER_RENDERED = "server-rendered"

/** The storefront route map (spec section 2): /account and /payments need sign-in; unmatched paths get the 404 page. */
export const routes: RouteObject[] = [
  {
    element: <MainLayout search={<HeaderSearch />} />,
    children: [
      { index: true, element: <HomePage />, handle: SERVER_RENDERED },
      { path: "shop", element: <ShopPage />, handle: SERVER_RENDERED },
      { path: "product/:id", element: <ProductPage />, handle: SERVER_RENDERED },
      { path: SEARCH_PAGE_PATH.slice(1), element: <SearchPage />, handle: SERVER_RENDERED },
      { path: "cart", element: <CartPage /> },
      { path: "wishlist", element: <WishlistPage /> },
      { path: "payments", element: protectedPage(<PaymentsPage />) },
      { path: "login", element: <LoginPage /> },
      { path: "forgot-password", element: <ForgotPasswordPage /> },
      { path: "reset-password", element: <ResetPasswordPage /> },
      { path: "fitfeed", element: <FeedPage /> },
      { path: "fitfeed/:postId", element: <FeedPage /> },
      { path: "fit/u/:userId", element: <ProfilePage /> },
      { path: "fit/:handleOrId", element: <ProfilePage /> },
      { path: "account", element: protectedPage(<AccountPage />) },
      { path: LEGAL_PAGES.terms.path.slice(1), element: <TermsPage />, handle: SERVER_RENDERED },
      { path: LEGAL_PAGES.privacy.path.slice(1), element: <PrivacyPage />, handle: SERVER_RENDERED },
      { path: LEGAL_PAGES.returns.path.slice(1), element: <ReturnsPolicyPage />, handle: SERVER_RENDERED },
      { path: LEGAL_PAGES.shipping.path.slice(1), element: <ShippingPolicyPage />, handle: SERVER_RENDERED },
      { path: LEGAL_PAGES.reviews.path.slice(1), element: <ReviewsPolicyPage />, handle: SERVER_RENDERED },
      { path: LEGAL_PAGES.contact.path.slice(1), element: <ContactPage />, handle: SERVER_RENDERED },
      { path: "*", element: <NotFoundPage />, handle: SERVER_RENDERED },
    ],
  },
]

/**
 * Whether the server renders the page at this path (home, shop, product pages, search, the policy pages and unknown addresses: what anyone
 * may open from a link, the same for everyone); a person's own pages (bag, account, …) are painted in the browser.
 */
export const rendersOnServer = (pathname: string): boolean => matchRoutes(routes, pathname)?.at(-1)?.route.handle === SERVER_RENDERED

export function AppRoutes() {
  return useRoutes(routes)
}
