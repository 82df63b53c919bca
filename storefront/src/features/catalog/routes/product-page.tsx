import { useEffect, useState } from "react"
import { useParams, useSearchParams } from "react-router-dom"
import { AddToBagButton, type AddToBagLabels } from "@/components/ui/add-to-bag-button"
import { BackButton } from "@/components/ui/back-button"
import { SignInDialog } from "@/components/ui/sign-in-dialog"
import { paths } from "@/config/paths"
import type { AddToBagState } from "@/hooks/use-add-to-bag"
import { categoryLabel } from "@/lib/product-labels"
import { storeReferralPostId } from "@/lib/referral"
import { dropOpensMessage, formatPaise, productMeta, type Product, type ProductDetail, type ProductRecommendations } from "@fitshop/contracts"
import { NotFoundPage } from "@/components/not-found-page"
import { FitVerdictNote, RatingSummary, ReviewsSection, SizeHintNote } from "@/features/reviews"
import { ApiError } from "@/lib/api-client"
import { useDocumentMeta } from "@/lib/document-meta"
import { missingOnServer, useProduct } from "@/lib/api/get-product"
import { DeliveryPromise } from "../components/delivery-promise"
import { DropStatus } from "../components/drop-status"
import { ProductGallery } from "../components/product-gallery"
import { ProductRow } from "../components/product-row"
import { ProductSpecs } from "../components/product-specs"
import { SizeGuide } from "../components/size-guide"
import { SizePicker } from "../components/size-picker"
import { WishlistHeart } from "../components/wishlist-heart"
import { useSecondsUntil } from "../hooks/use-seconds-until"
import { getGalleryMedia } from "../utils/product-media"
import { getProductSpecs } from "../utils/product-specs"
import { getSizeOptions } from "../utils/sizes"

/** Spec section 9 timing: the add animation, then the wait before 'GO TO CART'. */
const ADD_ANIMATION_MS = 900
const GO_TO_CART_DELAY_MS = 1000

const ADD_LABELS: AddToBagLabels = { idle: "ADD TO BAG", adding: "ADDING...", added: "ADDED TO BAG" }

const addButtonClass = (state: AddToBagState) => `button button--primary add-to-bag__button add-to-bag__button--${state}`

const categoryChips = (product: Product) =>
  [product.gender, product.categoryType, product.subcategory, product.styleGroup].filter((value): value is string => Boolean(value)).map(categoryLabel)

/** Whole percent saved against the MRP, e.g. 36 for ₹1,599 against ₹2,499. */
const discountPercent = (price: number, mrp: number) => Math.round(((mrp - price) / mrp) * 100)

/** 'More {subcategory}': women's products are grouped by style group instead. */
const moreTitle = (product: Product) => {
  const group = product.subcategory ?? (product.styleGroup ? categoryLabel(product.styleGroup) : null)
  return group ? `More ${group}` : "More like this"
}

function ProductDetails({ product }: { product: ProductDetail }) {
  useDocumentMeta(productMeta(product))
  const [size, setSize] = useState<string | null>(null)
  const [signInOpen, setSignInOpen] = useState(false)
  const sizeOptions = getSizeOptions(product)
  const mrp = product.mrp !== null && product.mrp > product.basePrice ? product.mrp : null
  const { drop } = product
  const secondsUntilDrop = useSecondsUntil(drop?.startsAt ?? null)
  // Unknown while hydrating: the button is then as the server painted it, and the BFF refuses an early add (409).
  const dropClosedBecause = drop && secondsUntilDrop !== null && secondsUntilDrop > 0 ? dropOpensMessage(drop.startsAt) : null
  const openSignIn = () => {
    setSignInOpen(true)
  }

  return (
    <article className="product">
      <ProductGallery items={getGalleryMedia(product)} />

      <div className="product__info">
        <ul className="product__chips" aria-label="Categories">
          {categoryChips(product).map((chip) => (
            <li key={chip} className="chip chip--static">
              {chip}
            </li>
          ))}
        </ul>

        <h1 className="product__title">{product.title}</h1>
        <RatingSummary rating={product.rating} />

        {/* Price, colour, size and add together: on phones one bar, kept in reach above the bottom navigation. */}
        <div className="product__buy thumb-bar">
          <p className="product__price">
            <span className="product__price-current">{formatPaise(product.basePrice)}</span>
            {mrp !== null ? (
              <>
                <s className="product__mrp" aria-label={`MRP ${formatPaise(mrp)}`}>
                  {formatPaise(mrp)}
                </s>
                <span className="product__discount">{`${String(discountPercent(product.basePrice, mrp))}% off`}</span>
              </>
            ) : null}
            <span className="product__tax-note">Inclusive of all taxes</span>
          </p>

          {product.colorName || product.colorHex ? (
            <p className="product__colour">
              <span className="label">Colour</span>
              {/* Painted by an SVG fill, not a style attribute: the server's HTML may carry no inline style (style-src 'self'). */}
              {product.colorHex ? (
                <svg className="swatch" viewBox="0 0 2 2" aria-hidden="true">
                  <circle cx="1" cy="1" r="1" fill={product.colorHex} />
                </svg>
              ) : null}
              <span>{product.colorName ?? product.colorHex}</span>
            </p>
          ) : null}

          {sizeOptions.length > 0 ? (
            <section className="product__section" aria-labelledby="product-size-heading">
              <div className="product__section-head">
                <h2 id="product-size-heading" className="section-title">
                  Size
                </h2>
                <SizeGuide variants={product.variants} />
              </div>
              <SizePicker options={sizeOptions} value={size} onChange={setSize} firstTapName="size" />
              <FitVerdictNote fit={product.fit} />
              <SizeHintNote productId={product.id} />
            </section>
          ) : null}

          {drop ? <DropStatus productId={product.id} drop={drop} secondsUntilOpen={secondsUntilDrop} /> : null}

          <div className="product__actions">
            {/* Keyed by the size, so choosing one resets the button to ADD TO BAG. */}
            <AddToBagButton
              key={size ?? ""}
              productId={product.id}
              size={size}
              sizeRequired={sizeOptions.length > 0}
              onSignInRequired={openSignIn}
              labels={ADD_LABELS}
              className={addButtonClass}
              minAddingMs={ADD_ANIMATION_MS}
              goToCartAfterMs={GO_TO_CART_DELAY_MS}
              closedBecause={dropClosedBecause}
              firstTapName="add-to-bag"
            />
            <WishlistHeart productId={product.id} onSignInRequired={openSignIn} />
          </div>
        </div>

        <DeliveryPromise />

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

      <SignInDialog
        open={signInOpen}
        onClose={() => {
          setSignInOpen(false)
        }}
      />
    </article>
  )
}

function Recommendations({ product, recommendations }: { product: Product; recommendations?: ProductRecommendations }) {
  if (!recommendations) return null
  return (
    <div className="recommendations">
      <ProductRow title={moreTitle(product)} products={recommendations.more} />
      <ProductRow title="You might also like" products={recommendations.alsoLike} />
    </div>
  )
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
  )
}

export function ProductPage() {
  const { id = "" } = useParams()
  const [searchParams] = useSearchParams()
  const refPost = searchParams.get("refPost")
  const productQuery = useProduct(id)
  const missing = missingOnServer(id) || (productQuery.error instanceof ApiError && productQuery.error.status === 404)

  useEffect(() => {
    storeReferralPostId(refPost)
  }, [refPost])

  useEffect(() => {
    window.scrollTo({ top: 0 })
  }, [id])

  if (missing) return <NotFoundPage />
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
        <>
          <ProductDetails key={productQuery.data.product.id} product={productQuery.data.product} />
          <ReviewsSection key={`reviews-${productQuery.data.product.id}`} product={productQuery.data.product} />
          <Recommendations product={productQuery.data.product} recommendations={productQuery.data.recommendations} />
        </>
      )}
    </div>
  )
}
