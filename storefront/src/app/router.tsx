import { Route, Routes } from "react-router-dom"
import { MainLayout } from "@/components/layouts/main-layout"
import { ProductPage } from "@/features/catalog/routes/product-page"
import { ShopPage } from "@/features/catalog/routes/shop-page"
import { HomePage } from "@/features/home/routes/home-page"
import { ProtectedRoute } from "@/lib/auth"
import { lazyPage } from "./lazy-page"
import { NotFoundPage } from "./routes/not-found-page"

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

/** Downloads every lazily loaded screen (tests, and idle time after the first page). */
export const preloadRoutes = () =>
  Promise.all(
    [AccountPage, ForgotPasswordPage, LoginPage, ResetPasswordPage, CartPage, PaymentsPage, FeedPage, ProfilePage, WishlistPage].map((page) => page.preload()),
  )

/** The storefront route map (spec section 2): /account and /payments need sign-in; unmatched paths get the 404 page. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<MainLayout />}>
        <Route index element={<HomePage />} />
        <Route path="shop" element={<ShopPage />} />
        <Route path="product/:id" element={<ProductPage />} />
        <Route path="cart" element={<CartPage />} />
        <Route path="wishlist" element={<WishlistPage />} />
        <Route
          path="payments"
          element={
            <ProtectedRoute>
              <PaymentsPage />
            </ProtectedRoute>
          }
        />
        <Route path="login" element={<LoginPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="fitfeed" element={<FeedPage />} />
        <Route path="fitfeed/:postId" element={<FeedPage />} />
        <Route path="fit/u/:userId" element={<ProfilePage />} />
        <Route path="fit/:handleOrId" element={<ProfilePage />} />
        <Route
          path="account"
          element={
            <ProtectedRoute>
              <AccountPage />
            </ProtectedRoute>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  )
}
