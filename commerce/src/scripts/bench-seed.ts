import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import seed, { ensureProducts } from "./seed"
import { ensureShopBase } from "./seed/shop-base"
import { buildBenchCatalogue } from "./seed/bench-catalogue"
import { imageFileName, IMAGE_VIEWS } from "./seed/garment-images"

/**
 * `medusa exec ./src/scripts/bench-seed.ts <count>`: the demo seed, then `count` bench products
 * (5,000 by default) for `npm run bench`. Idempotent like the demo seed.
 */
export default async function benchSeed({ container, args }: ExecArgs) {
  const count = Number(args[0] ?? 5000)
  if (!Number.isInteger(count) || count < 1 || count > 100_000) throw new Error(`bench product count must be 1 to 100000, got ${args[0]}`)
  await seed({ container, args: [] })
  const base = await ensureShopBase(container)
  // Bench products show the images the demo seed rendered for the product they vary.
  const created = await ensureProducts(container, base, buildBenchCatalogue(count), async (product) =>
    IMAGE_VIEWS.map((view) => `/media/${imageFileName(product.imageHandle, view)}`),
  )
  container.resolve(ContainerRegistrationKeys.LOGGER).info(`Bench seed complete: ${created} bench products created`)
}
