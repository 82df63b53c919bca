import { useDeferredValue } from 'react';
import type { ListedProduct } from '@/types/product';
import { ProductCard } from './product-card';
import { ProductCardSkeleton } from './product-card-skeleton';

const SKELETON_CARD_COUNT = 10;

/** The widest grid shows five columns, so the first five cards are the first row everywhere. */
const FIRST_ROW_CARD_COUNT = 5;

type ProductGridProps = {
  products: ListedProduct[];
};

const NOT_YET_SHOWN: ListedProduct[] = [];

/**
 * The cards render as a deferred value: a page of cards is the biggest render the shop does, and data
 * from react-query arrives as a blocking update, so the cards follow in an interruptible background
 * render (the skeleton stays until they are ready) instead of one long task.
 */
export function ProductGrid({ products }: ProductGridProps) {
  const shown = useDeferredValue(products, NOT_YET_SHOWN);
  if (shown === NOT_YET_SHOWN && products.length > 0) return <ProductGridSkeleton />;
  return (
    <ul className="product-grid">
      {shown.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} imageLoading={index < FIRST_ROW_CARD_COUNT ? 'eager' : 'lazy'} />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton() {
  return (
    <div className="product-grid" role="status" aria-label="Loading products">
      {Array.from({ length: SKELETON_CARD_COUNT }, (_, index) => (
        <ProductCardSkeleton key={index} />
      ))}
    </div>
  );
}
