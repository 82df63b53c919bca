import { FormError } from "@/components/ui/form-error"
import { LoadingLine, ReadError } from "@/components/ui/read-status"
import { usePostableProducts } from "../hooks/use-postable-products"

export const ALREADY_POSTED_TEXT = "Already posted"
export const ALREADY_POSTED_TOOLTIP = "You have already posted a fit for this product"
export const NO_ORDERS_TEXT = "You don't have any completed orders yet."

type ProductPickerProps = {
  value: string | null
  onChange: (productId: string) => void
  error: string | null
  errorId: string
}

/** The products the shopper bought, to say which one the fit shows; those already posted cannot be picked. */
export function ProductPicker({ value, onChange, error, errorId }: ProductPickerProps) {
  const { orders, products } = usePostableProducts()

  if (orders.isError) {
    return <ReadError error={orders.error} fallback="Failed to load orders" />
  }
  if (!products) {
    return <LoadingLine>Loading your orders…</LoadingLine>
  }
  if (products.length === 0) return <p className="muted">{NO_ORDERS_TEXT}</p>

  return (
    <fieldset className="product-picker" aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">Product you bought</legend>
      <ul className="product-picker__list">
        {products.map((product) => (
          <li key={product.productId}>
            <label
              className="product-picker__option"
              title={product.alreadyPosted ? ALREADY_POSTED_TOOLTIP : undefined}
              aria-disabled={product.alreadyPosted || undefined}
            >
              <input
                type="radio"
                name="post-product"
                value={product.productId}
                checked={value === product.productId}
                disabled={product.alreadyPosted}
                onChange={() => {
                  onChange(product.productId)
                }}
              />
              {product.imageUrl ? (
                <img src={product.imageUrl} alt="" width={48} height={60} loading="lazy" decoding="async" />
              ) : (
                <span className="product-picker__no-image" aria-hidden="true" />
              )}
              <span className="product-picker__title">{product.title}</span>
              {product.alreadyPosted ? <span className="product-picker__posted">{ALREADY_POSTED_TEXT}</span> : null}
            </label>
          </li>
        ))}
      </ul>
      <FormError id={errorId} message={error} />
    </fieldset>
  )
}
