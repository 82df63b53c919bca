import path from "node:path"
import {
  createCustomerAccountWorkflow,
  createInventoryLevelsWorkflow,
  createProductCategoriesWorkflow,
  createProductsWorkflow,
} from "@medusajs/medusa/core-flows"
import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, ProductStatus } from "@medusajs/framework/utils"
import { categoryPath, SIZES } from "../lib/catalogue"
import { ensureStaffUser, registerEmailPassword } from "./seed/accounts"
import { buildCatalogue, type SeedProduct } from "./seed/catalogue"
import { DEMO, demoAccountsWanted } from "./seed/demo-accounts"
import { renderGarmentImages } from "./seed/garment-images"
import { refuseProduction } from "./seed/production-guard"
import { ensureShopBase, type ShopBase } from "./seed/shop-base"

type Container = ExecArgs["container"]
// Products per createProductsWorkflow run: large catalogues (the bench seed) go in steps.
const PRODUCT_BATCH = 250

function mediaDir(): string {
  return path.resolve(process.env.MEDIA_DIR || path.join(process.cwd(), "..", "var", "media"))
}

/**
 * Idempotent demo data for development, tests and benchmarks: every step looks for what it would create and
 * creates only what is missing. A production database is set up by setup.ts instead.
 */
export default async function seed({ container }: ExecArgs) {
  refuseProduction(process.env)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const base = await ensureShopBase(container)
  const created = await ensureProducts(container, base, buildCatalogue())
  if (demoAccountsWanted(process.env)) {
    await ensureStaffUser(container, { ...DEMO.admin, firstName: "Demo", lastName: "Admin" })
    await ensureDemoShopper(container)
  } else {
    logger.info("Demo accounts not created: they are made only for the start, dev and test commands (SEED_DEMO_ACCOUNTS=on)")
  }
  logger.info(`Seed complete: ${created} products created`)
}

function productMetadata(product: SeedProduct) {
  return {
    gender: product.gender,
    categoryType: product.categoryType,
    subcategory: product.subcategory,
    styleGroup: product.styleGroup,
    genre: product.genre,
    colorName: product.colorName,
    colorHex: product.colorHex,
    fabric: product.fabric,
    collarStyle: product.collarStyle,
    sleeveType: product.sleeveType,
    seasonFit: product.seasonFit,
    washInstructions: product.washInstructions,
    gstPercent: product.gstPercent,
    countryOfOrigin: product.countryOfOrigin,
    manufacturer: product.manufacturer,
    mrp: product.mrp,
  }
}

/** Creates the catalogue's products that do not exist yet (by handle), with images, prices and stock; returns how many. */
export async function ensureProducts<P extends SeedProduct>(
  container: Container,
  base: ShopBase,
  catalogue: P[],
  imagesOf: (product: P, dir: string) => Promise<string[]> = renderGarmentImages,
): Promise<number> {
  const productService = container.resolve(Modules.PRODUCT)
  const existing = await productService.listProducts({ handle: catalogue.map((p) => p.handle) }, { select: ["handle"], take: null })
  const have = new Set(existing.map((p) => p.handle))
  const missing = catalogue.filter((p) => !have.has(p.handle))
  const dir = mediaDir()
  const categoryIds = await ensureCategories(container, catalogue)

  for (const product of catalogue) await imagesOf(product, dir)
  for (let start = 0; start < missing.length; start += PRODUCT_BATCH) {
    await createProducts(container, missing.slice(start, start + PRODUCT_BATCH), base, categoryIds, (p) => imagesOf(p, dir))
  }
  return missing.length
}

async function createProducts<P extends SeedProduct>(
  container: Container,
  missing: P[],
  { salesChannelId, stockLocationId, shippingProfileId }: ShopBase,
  categoryIds: Map<string, string>,
  imagesOf: (product: P) => Promise<string[]>,
): Promise<void> {
  const inventoryService = container.resolve(Modules.INVENTORY)
  const inputs = await Promise.all(
    missing.map(async (product) => {
      const [front, back] = await imagesOf(product)
      return {
        title: product.title,
        handle: product.handle,
        description: product.description,
        status: ProductStatus.PUBLISHED,
        weight: product.weightGrams,
        material: product.fabric,
        thumbnail: front!,
        images: [{ url: front! }, { url: back! }],
        metadata: productMetadata(product),
        options: [{ title: "Size", values: [...SIZES] }],
        variants: SIZES.map((size) => ({
          title: size,
          sku: `${product.handle}-${size}`.toUpperCase(),
          options: { Size: size },
          manage_inventory: true,
          metadata: { measurements: product.measurements[size] },
          prices: [{ amount: product.price, currency_code: "inr" }],
        })),
        sales_channels: [{ id: salesChannelId }],
        category_ids: [categoryIds.get(categoryPath(product).at(-1)!.handle)!],
        shipping_profile_id: shippingProfileId,
      }
    }),
  )
  const { result } = await createProductsWorkflow(container).run({ input: { products: inputs } })

  const skuStock = new Map<string, number>()
  for (const product of missing) {
    for (const size of SIZES) skuStock.set(`${product.handle}-${size}`.toUpperCase(), product.stock[size])
  }
  const skus = result.flatMap((p) => (p.variants ?? []).map((v) => v.sku!))
  const items = await inventoryService.listInventoryItems({ sku: skus }, { take: null })
  await createInventoryLevelsWorkflow(container).run({
    input: {
      inventory_levels: items.map((item) => ({
        inventory_item_id: item.id,
        location_id: stockLocationId,
        stocked_quantity: skuStock.get(item.sku!) ?? 0,
      })),
    },
  })
}

/** The category tree (MEN › UPPERS › Hoodies, WOMEN › WESTERN, …) that ops browse and the BFF filters by. */
async function ensureCategories(container: Container, catalogue: SeedProduct[]): Promise<Map<string, string>> {
  const productService = container.resolve(Modules.PRODUCT)
  const ids = new Map<string, string>()
  const existing = await productService.listProductCategories({}, { select: ["id", "handle"], take: null })
  for (const category of existing) ids.set(category.handle, category.id)
  for (const product of catalogue) {
    let parentId: string | null = null
    for (const node of categoryPath(product)) {
      let id = ids.get(node.handle)
      if (!id) {
        const { result } = await createProductCategoriesWorkflow(container).run({
          input: { product_categories: [{ name: node.name, handle: node.handle, parent_category_id: parentId, is_active: true }] },
        })
        id = result[0]!.id
        ids.set(node.handle, id)
      }
      parentId = id
    }
  }
  return ids
}

async function ensureDemoShopper(container: Container) {
  const customerService = container.resolve(Modules.CUSTOMER)
  const [existing] = await customerService.listCustomers({ email: DEMO.shopper.email, has_account: true })
  if (existing) return
  const authIdentityId = await registerEmailPassword(container, DEMO.shopper)
  await createCustomerAccountWorkflow(container).run({
    input: {
      authIdentityId,
      customerData: { email: DEMO.shopper.email, first_name: DEMO.shopper.firstName, last_name: DEMO.shopper.lastName },
    },
  })
}
