import { useState } from 'react';
import { useSession } from '@/lib/auth';
import { useAddToWishlist } from '../api/add-to-wishlist';
import { isUnauthorized } from '../utils/auth-errors';
import { HeartIcon } from './heart-icon';

type WishlistHeartProps = {
  productId: string;
  onSignInRequired: () => void;
};

/** The product page's heart: every press sends the add call, and the heart toggles once it succeeds. */
export function WishlistHeart({ productId, onSignInRequired }: WishlistHeartProps) {
  const { isSignedIn } = useSession();
  const addToWishlist = useAddToWishlist();
  const [wished, setWished] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const press = async () => {
    setError(null);
    if (!isSignedIn) {
      onSignInRequired();
      return;
    }
    try {
      await addToWishlist.mutateAsync(productId);
      setWished((current) => !current);
    } catch (failure) {
      if (isUnauthorized(failure)) onSignInRequired();
      else setError('Could not update wishlist');
    }
  };

  return (
    <div className="wishlist-heart">
      <button
        type="button"
        className="wishlist-heart__button"
        aria-label="Save to wardrobe"
        aria-pressed={wished}
        aria-busy={addToWishlist.isPending || undefined}
        onClick={() => {
          if (!addToWishlist.isPending) void press();
        }}
      >
        <HeartIcon filled={wished} />
      </button>
      {error ? (
        <p className="inline-error wishlist-heart__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
