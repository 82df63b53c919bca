import { useMemo, useRef } from "react"
import { useDeferredList } from "@/hooks/use-deferred-list"
import { useBestSellers, BEST_SELLERS_LIMIT } from "../api/get-best-sellers"
import { BestSellerCard } from "./best-seller-card"

/** Spec section 9: each arrow moves the carousel 320 px. */
export const CAROUSEL_SCROLL_STEP = 320

function BestSellerSkeleton() {
  return (
    <li className="home-best-sellers__item" aria-hidden="true">
      <div className="home-best-seller">
        <div className="home-best-seller__media skeleton" />
        <div className="home-best-seller__body">
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line skeleton--short" />
        </div>
      </div>
    </li>
  )
}

/**
 * "Street Legends": the most popular products, ranked; a failed load leaves the list empty. The cards
 * render as a deferred list (useDeferredList), so their arrival is not one long task.
 */
export function BestSellers() {
  const bestSellers = useBestSellers()
  const listRef = useRef<HTMLOListElement>(null)
  const loaded = bestSellers.data?.products
  const products = useMemo(() => loaded?.slice(0, BEST_SELLERS_LIMIT) ?? [], [loaded])
  const { shown, pending } = useDeferredList(products)
  const loading = bestSellers.isPending || pending

  const scrollByStep = (direction: -1 | 1) => {
    listRef.current?.scrollBy({ left: direction * CAROUSEL_SCROLL_STEP })
  }

  return (
    <section className="home-section" aria-labelledby="best-sellers-heading">
      <div className="home-section__head">
        <h2 id="best-sellers-heading" className="home-section__title">
          Street Legends
        </h2>
        <div className="home-best-sellers__controls" hidden={!bestSellers.isPending && products.length === 0}>
          <button
            type="button"
            className="home-icon-button"
            aria-label="Scroll left"
            aria-controls="best-sellers-list"
            onClick={() => {
              scrollByStep(-1)
            }}
          >
            <span aria-hidden="true">←</span>
          </button>
          <button
            type="button"
            className="home-icon-button"
            aria-label="Scroll right"
            aria-controls="best-sellers-list"
            onClick={() => {
              scrollByStep(1)
            }}
          >
            <span aria-hidden="true">→</span>
          </button>
        </div>
      </div>
      <ol id="best-sellers-list" ref={listRef} className="home-best-sellers__list" aria-labelledby="best-sellers-heading" aria-busy={loading}>
        {loading
          ? Array.from({ length: BEST_SELLERS_LIMIT }, (_, index) => <BestSellerSkeleton key={index} />)
          : shown.map((product, index) => (
              <li key={product.id} className="home-best-sellers__item">
                <BestSellerCard product={product} rank={index + 1} />
              </li>
            ))}
      </ol>
    </section>
  )
}
