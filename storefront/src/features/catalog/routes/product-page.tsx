import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { BackButton } from '@/components/ui/back-button';
import { paths } from '@/config/paths';
import { formatPaise } from '@/lib/money';
import type { Product } from '@/types/product';
import { useProduct } from '../api/get-product';
import { ProductGallery } from '../components/product-gallery';
import { ProductSpecs } from '../components/product-specs';
import { SizePicker } from '../components/size-picker';
import { getGalleryImages } from '../utils/product-media';
import { getProductSpecs } from '../utils/product-specs';
import { getSizeOptions } from '../utils/sizes';

const CATEGORY_LABELS: Record<string, string> = {
  MEN: 'Men',
  WOMEN: 'Women',
  UPPERS: 'Uppers',
  LOWERS: 'Lowers',
  WESTERN: 'Western',
  TRADITIONS: 'Traditions',
};

const categoryChips = (product: Product) =>
  [product.gender, product.categoryType, product.subcategory, product.styleGroup]
    .filter((value): value is string => Boolean(value))
    .map((value) => CATEGORY_LABELS[value] ?? value);

function ProductDetails({ product }: { product: Product }) {
  const [size, setSize] = useState<string | null>(null);
  const sizeOptions = getSizeOptions(product);
  const mrp = product.mrp !== null && product.mrp > product.basePrice ? product.mrp : null;

  return (
    <article className="product">
      <ProductGallery images={getGalleryImages(product)} />

      <div className="product__info">
        <ul className="product__chips" aria-label="Categories">
          {categoryChips(product).map((chip) => (
            <li key={chip} className="chip chip--static">
              {chip}
            </li>
          ))}
        </ul>

        <h1 className="product__title">{product.title}</h1>

        <p className="product__price">
          <span className="product__price-current">{formatPaise(product.basePrice)}</span>
          {mrp !== null ? (
            <s className="product__mrp" aria-label={`MRP ${formatPaise(mrp)}`}>
              {formatPaise(mrp)}
            </s>
          ) : null}
          <span className="product__tax-note">Inclusive of all taxes</span>
        </p>

        {product.colorName || product.colorHex ? (
          <p className="product__colour">
            <span className="label">Colour</span>
            {product.colorHex ? (
              <span className="swatch" style={{ backgroundColor: product.colorHex }} aria-hidden="true" />
            ) : null}
            <span>{product.colorName ?? product.colorHex}</span>
          </p>
        ) : null}

        {sizeOptions.length > 0 ? (
          <section className="product__section" aria-labelledby="product-size-heading">
            <h2 id="product-size-heading" className="section-title">
              Size
            </h2>
            <SizePicker options={sizeOptions} value={size} onChange={setSize} />
          </section>
        ) : null}

        {product.description.trim() ? (
          <section className="product__section" aria-labelledby="product-description-heading">
            <h2 id="product-description-heading" className="section-title">
              Description
            </h2>
            <p className="product__description">{product.description}</p>
          </section>
        ) : null}

        <section className="product__section" aria-labelledby="product-specs-heading">
          <h2 id="product-specs-heading" className="section-title">
            Specifications
          </h2>
          <ProductSpecs specs={getProductSpecs(product)} />
        </section>
      </div>
    </article>
  );
}

function ProductSkeleton() {
  return (
    <div className="product" role="status" aria-label="Loading product">
      <div className="gallery">
        <div className="gallery__main skeleton" />
      </div>
      <div className="product__info">
        <span className="skeleton skeleton--title" />
        <span className="skeleton skeleton--line skeleton--short" />
        <span className="skeleton skeleton--line" />
      </div>
    </div>
  );
}

export function ProductPage() {
  const { id = '' } = useParams();
  const productQuery = useProduct(id);

  return (
    <div className="page page--product">
      <BackButton fallback={paths.shop} />
      {productQuery.isPending ? (
        <ProductSkeleton />
      ) : productQuery.isError ? (
        <p className="inline-error" role="alert">
          Failed to load product
        </p>
      ) : (
        <ProductDetails key={productQuery.data.product.id} product={productQuery.data.product} />
      )}
    </div>
  );
}
