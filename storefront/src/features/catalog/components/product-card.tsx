import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatPaise } from '@/lib/money';
import type { Product } from '@/types/product';
import { getPrimaryImageUrl } from '../utils/product-media';

type ProductCardProps = {
  product: Product;
};

export function ProductCard({ product }: ProductCardProps) {
  const imageUrl = getPrimaryImageUrl(product);
  const primaryAlt = product.images.find((image) => image.isPrimary)?.altText;

  return (
    <Link to={paths.product(product.id)} className="product-card" data-testid="product-card">
      <div className="product-card__media">
        {imageUrl ? (
          <img src={imageUrl} alt={primaryAlt || product.title} loading="lazy" decoding="async" />
        ) : (
          <span className="product-card__no-image" aria-hidden="true">
            No image
          </span>
        )}
      </div>
      <div className="product-card__body">
        <span className="product-card__title">{product.title}</span>
        <span className="product-card__price">{formatPaise(product.basePrice)}</span>
      </div>
    </Link>
  );
}
