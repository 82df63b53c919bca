import { Route, Routes } from 'react-router-dom';
import { MainLayout } from '@/components/layouts/main-layout';
import { AccountPage } from '@/features/account/routes/account-page';
import { ForgotPasswordPage } from '@/features/auth/routes/forgot-password-page';
import { LoginPage } from '@/features/auth/routes/login-page';
import { ResetPasswordPage } from '@/features/auth/routes/reset-password-page';
import { CartPage } from '@/features/cart/routes/cart-page';
import { ProductPage } from '@/features/catalog/routes/product-page';
import { ShopPage } from '@/features/catalog/routes/shop-page';
import { PaymentsPage } from '@/features/checkout/routes/payments-page';
import { FeedPage } from '@/features/fitfeed/routes/feed-page';
import { HomePage } from '@/features/home/routes/home-page';
import { ProfilePage } from '@/features/profiles/routes/profile-page';
import { WishlistPage } from '@/features/wishlist/routes/wishlist-page';
import { ProtectedRoute } from '@/lib/auth';
import { NotFoundPage } from './routes/not-found-page';

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
  );
}
