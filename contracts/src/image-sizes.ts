/**
 * Every picture's `sizes` attribute in one place: the BFF preloads a page's first pictures with the value
 * the storefront renders them with, or the browser would fetch them twice.
 */
export const IMAGE_SIZES = {
  /** The catalogue grid's columns: 2, then 3 from 640px, 4 from 1024px, 5 from 1280px (BFF: the shop page's preloads). */
  productGrid: "(min-width: 1280px) 20vw, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw",
  /** The wardrobe grid's columns, as the catalogue's. */
  wardrobe: "(min-width: 1280px) 20vw, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw",
  /** A product row shows about 2 cards, 3 from 640px and 5 from 1024px. */
  productRow: "(min-width: 1024px) 20vw, (min-width: 640px) 33vw, 50vw",
  /** Home's category tiles sit 2 to a row, 3 from 640px and 5 from 1024px (BFF: the home page's preloads). */
  categoryTile: "(min-width: 1024px) 20vw, (min-width: 640px) 33vw, 50vw",
  /** Best-seller carousel cards are 280px wide from 1024px, 220px below. */
  bestSeller: "(min-width: 1024px) 280px, 220px",
  /** The gallery takes about half the page from 1024px, the full width below (BFF: the product page's preload). */
  galleryMain: "(min-width: 1024px) 50vw, 100vw",
  galleryThumb: "80px",
  cartLine: "96px",
  checkoutItem: "72px",
  orderItem: "56px",
} as const
