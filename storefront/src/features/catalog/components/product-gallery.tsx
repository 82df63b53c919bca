import { IMAGE_SIZES } from "@fitshop/contracts"
import { useRef, useState } from "react"
import { PRODUCT_IMAGE_HEIGHT, PRODUCT_IMAGE_WIDTH, imageSourceProps } from "@/lib/product-image"
import type { GalleryItem } from "../utils/product-media"

/** Horizontal finger travel, in CSS pixels, that counts as a swipe. */
const SWIPE_THRESHOLD_PX = 40

const itemLabel = (item: GalleryItem, index: number, count: number) => `Show ${item.kind} ${String(index + 1)} of ${String(count)}`

type ProductGalleryProps = {
  items: GalleryItem[]
}

/** The product's images and videos: one at a time with previous/next arrows, thumbnails and swipe. */
export function ProductGallery({ items }: ProductGalleryProps) {
  const [selectedIndex, setSelectedIndex] = useState(0)
  const touchStartX = useRef<number | null>(null)
  const count = items.length
  const selected = items[selectedIndex] ?? items[0]

  if (!selected) {
    return (
      <div className="gallery">
        <div className="gallery__main gallery__main--empty">No image</div>
      </div>
    )
  }

  const step = (delta: number) => {
    setSelectedIndex((index) => (index + delta + count) % count)
  }

  return (
    <section className="gallery" aria-label="Product media">
      <div
        className="gallery__main"
        onTouchStart={(event) => {
          touchStartX.current = event.touches[0]?.clientX ?? null
        }}
        onTouchEnd={(event) => {
          const start = touchStartX.current
          const end = event.changedTouches[0]?.clientX
          touchStartX.current = null
          if (start === null || end === undefined || count < 2) return
          const travel = end - start
          if (Math.abs(travel) >= SWIPE_THRESHOLD_PX) step(travel < 0 ? 1 : -1)
        }}
      >
        {selected.kind === "image" ? (
          <img
            {...imageSourceProps(selected, IMAGE_SIZES.galleryMain)}
            alt={selected.alt}
            width={PRODUCT_IMAGE_WIDTH}
            height={PRODUCT_IMAGE_HEIGHT}
            loading="eager"
            fetchPriority="high"
            decoding="async"
          />
        ) : (
          <video src={selected.url} width={PRODUCT_IMAGE_WIDTH} height={PRODUCT_IMAGE_HEIGHT} controls playsInline muted preload="metadata" />
        )}
        {count > 1 ? (
          <>
            <button
              type="button"
              className="gallery__arrow gallery__arrow--prev"
              aria-label="Previous image"
              onClick={() => {
                step(-1)
              }}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="gallery__arrow gallery__arrow--next"
              aria-label="Next image"
              onClick={() => {
                step(1)
              }}
            >
              <span aria-hidden="true">›</span>
            </button>
            <p className="gallery__counter" aria-live="polite">
              {`${String(selectedIndex + 1)} / ${String(count)}`}
            </p>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className="gallery__thumbs" aria-label="Product images">
          {items.map((item, index) => (
            <li key={`${item.url}-${String(index)}`}>
              <button
                type="button"
                className="gallery__thumb"
                aria-label={itemLabel(item, index, count)}
                aria-pressed={index === selectedIndex}
                onClick={() => {
                  setSelectedIndex(index)
                }}
              >
                {item.kind === "image" ? (
                  <img
                    {...imageSourceProps(item, IMAGE_SIZES.galleryThumb)}
                    alt=""
                    width={PRODUCT_IMAGE_WIDTH}
                    height={PRODUCT_IMAGE_HEIGHT}
                    loading="lazy"
                    decoding="async"
                  />
                ) : (
                  <span className="gallery__thumb-video" aria-hidden="true">
                    ▶
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
