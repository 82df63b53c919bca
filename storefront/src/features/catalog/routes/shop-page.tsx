import { useSearchParams } from 'react-router-dom';
import { useProducts } from '../api/get-products';
import { ProductGrid, ProductGridSkeleton } from '../components/product-grid';
import { ShopHeader } from '../components/shop-header';
import { applyShopQuery, parseShopQuery, toProductListParams, type ShopQuery } from '../utils/shop-query';

const EMPTY_CATALOGUE_TEXT = 'Nothing here yet. Try another subcategory or switch to Lowers/Uppers.';

export function ShopPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = parseShopQuery(searchParams);
  const productsQuery = useProducts(toProductListParams(query));

  const changeQuery = (next: ShopQuery) => {
    setSearchParams((current) => applyShopQuery(current, next));
  };

  return (
    <div className="page page--shop">
      <ShopHeader query={query} onChange={changeQuery} />
      <section className="shop-results" aria-label="Products">
        {productsQuery.isPending ? (
          <ProductGridSkeleton />
        ) : productsQuery.isError ? (
          <p className="inline-error" role="alert">
            Failed to load products
          </p>
        ) : productsQuery.data.products.length === 0 ? (
          <p className="empty-state">{EMPTY_CATALOGUE_TEXT}</p>
        ) : (
          <ProductGrid products={productsQuery.data.products} />
        )}
      </section>
    </div>
  );
}
