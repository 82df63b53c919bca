import { buildCatalogue, COLOURS, GENRES, type SeedProduct } from "./catalogue"

const SEASONS = ["NEUTRAL", "SUMMER", "WINTER"] as const

export const BENCH_HANDLE_PREFIX = "bench-"

/**
 * A large catalogue for `npm run bench` (never the demo): variations of the demo products with
 * their own handles, colours, seasons, genres and prices, so filters select realistic slices.
 * Each keeps the images of the demo product it varies (`imageHandle`).
 */
export function buildBenchCatalogue(count: number): (SeedProduct & { imageHandle: string })[] {
  const base = buildCatalogue()
  return Array.from({ length: count }, (_, i) => {
    const model = base[i % base.length]!
    const colour = COLOURS[(i * 7) % COLOURS.length]!
    const price = Math.max(199, model.price + ((i * 37) % 15) * 100 - 700)
    return {
      ...model,
      handle: `${BENCH_HANDLE_PREFIX}${String(i).padStart(5, "0")}-${model.handle}`,
      title: `${model.title} ${i}`,
      colorName: colour.name,
      colorHex: colour.hex,
      seasonFit: SEASONS[(i * 5) % SEASONS.length]!,
      genre: GENRES[(i * 3) % GENRES.length]!,
      price,
      mrp: model.mrp === null ? null : Math.max(model.mrp, price + 300),
      imageHandle: model.handle,
    }
  })
}
