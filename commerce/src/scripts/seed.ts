import path from "node:path"
import {
  createApiKeysWorkflow,
  createCustomerAccountWorkflow,
  createInventoryLevelsWorkflow,
  createProductCategoriesWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  createTaxRegionsWorkflow,
  createUserAccountWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
  updateRegionsWorkflow,
  updateStoresWorkflow,
} from "@medusajs/medusa/core-flows"
import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, ProductStatus } from "@medusajs/framework/utils"
import { queryGraph } from "../lib/query"
import { categoryPath, SIZES } from "../lib/catalogue"
import { buildCatalogue, type SeedProduct } from "./seed/catalogue"
import { renderGarmentImages } from "./seed/garment-images"
import { DEMO, demoAccountsWanted } from "./seed/demo-accounts"

export const SALES_CHANNEL_NAME = "Storefront"
export const PUBLISHABLE_KEY_TITLE = "Storefront"
const REGION_NAME = "India"
/** Medusa's system provider, and the Razorpay and cash-on-delivery providers of src/modules. */
const REGION_PAYMENT_PROVIDERS = ["pp_system_default", "pp_razorpay_razorpay", "pp_cod_cod"] as const
const STOCK_LOCATION_NAME = "Bhiwandi Warehouse"
const FULFILLMENT_SET_NAME = "India delivery"
const SHIPPING_OPTION_NAME = "Standard Shipping"

type Container = ExecArgs["container"]
// Products per createProductsWorkflow run: large catalogues (the bench seed) go in steps.
const PRODUCT_BATCH = 250

function mediaDir(): string {
  return path.resolve(process.env.MEDIA_DIR || path.join(process.cwd(), "..", "var", "media"))
}

export type ShopBase = { salesChannelId: string; stockLocationId: string; shippingProfileId: string }

/** Idempotent demo data: every step looks for what it would create and creates only what is missing. */
export default async function seed({ container }: ExecArgs) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const base = await ensureShopBase(container)
  const created = await ensureProducts(container, base, buildCatalogue())
  if (demoAccountsWanted(process.env)) {
    await ensureAdminUser(container)
    await ensureDemoShopper(container)
  } else {
    logger.info("Demo accounts not created: they are made only for the start, dev and test commands (SEED_DEMO_ACCOUNTS=on)")
  }
  logger.info(`Seed complete: ${created} products created`)
}

/** The store, region, tax, stock location, shipping and publishable key every product hangs off. */
export async function ensureShopBase(container: Container): Promise<ShopBase> {
  const salesChannel = await ensureSalesChannel(container)
  await ensureStore(container, salesChannel.id)
  const region = await ensureRegion(container)
  await ensureTaxRegion(container)
  const shipping = await ensureStockLocationAndShipping(container, salesChannel.id, region.id)
  await ensurePublishableKey(container, salesChannel.id)
  return { salesChannelId: salesChannel.id, ...shipping }
}

async function ensureSalesChannel(container: Container) {
  const service = container.resolve(Modules.SALES_CHANNEL)
  const [existing] = await service.listSalesChannels({ name: SALES_CHANNEL_NAME })
  if (existing) return existing
  const { result } = await createSalesChannelsWorkflow(container).run({
    input: { salesChannelsData: [{ name: SALES_CHANNEL_NAME, description: "The shop's storefront" }] },
  })
  return result[0]!
}

async function ensureStore(container: Container, salesChannelId: string) {
  const storeService = container.resolve(Modules.STORE)
  const [store] = await storeService.listStores()
  if (!store) throw new Error("Medusa has no store; run the migrations first")
  await updateStoresWorkflow(container).run({
    input: {
      selector: { id: store.id },
      update: {
        name: "Build Your Fit",
        supported_currencies: [{ currency_code: "inr", is_default: true, is_tax_inclusive: true }],
        default_sales_channel_id: salesChannelId,
      },
    },
  })
}

async function ensureRegion(container: Container) {
  const service = container.resolve(Modules.REGION)
  const [existing] = await service.listRegions({ name: REGION_NAME })
  if (existing) {
    await ensureRegionPaymentProviders(container, existing.id)
    return existing
  }
  const { result } = await createRegionsWorkflow(container).run({
    input: {
      regions: [
        {
          name: REGION_NAME,
          currency_code: "inr",
          countries: ["in"],
          payment_providers: [...REGION_PAYMENT_PROVIDERS],
          is_tax_inclusive: true,
        },
      ],
    },
  })
  return result[0]!
}

/** A region seeded before a provider existed gets it added; the providers it already has stay. */
async function ensureRegionPaymentProviders(container: Container, regionId: string) {
  const { data } = await queryGraph(container, { entity: "region", fields: ["payment_providers.id"], filters: { id: regionId } })
  const providers = (data[0]?.payment_providers ?? []) as ({ id: string } | null)[]
  const current = providers.flatMap((provider) => (provider ? [provider.id] : []))
  const missing = REGION_PAYMENT_PROVIDERS.filter((id) => !current.includes(id))
  if (!missing.length) return
  await updateRegionsWorkflow(container).run({
    input: { selector: { id: regionId }, update: { payment_providers: [...current, ...missing] } },
  })
}

async function ensureTaxRegion(container: Container) {
  const service = container.resolve(Modules.TAX)
  const existing = await service.listTaxRegions({ country_code: "in" })
  if (existing.length) return
  await createTaxRegionsWorkflow(container).run({
    input: [{ country_code: "in", provider_id: "tp_system", default_tax_rate: { name: "GST", code: "GST", rate: 0 } }],
  })
}

async function ensureStockLocationAndShipping(container: Container, salesChannelId: string, regionId: string) {
  const stockLocationService = container.resolve(Modules.STOCK_LOCATION)
  const fulfillmentService = container.resolve(Modules.FULFILLMENT)
  const link = container.resolve(ContainerRegistrationKeys.LINK)

  let [location] = await stockLocationService.listStockLocations({ name: STOCK_LOCATION_NAME })
  if (!location) {
    const { result } = await createStockLocationsWorkflow(container).run({
      input: {
        locations: [
          {
            name: STOCK_LOCATION_NAME,
            address: { address_1: "Mumbai Nashik Highway", city: "Bhiwandi", province: "Maharashtra", postal_code: "421302", country_code: "IN" },
          },
        ],
      },
    })
    location = result[0]!
    await linkSalesChannelsToStockLocationWorkflow(container).run({ input: { id: location.id, add: [salesChannelId] } })
    await link.create({
      [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
      [Modules.FULFILLMENT]: { fulfillment_provider_id: "manual_manual" },
    })
  }

  let [shippingProfile] = await fulfillmentService.listShippingProfiles({ type: "default" })
  if (!shippingProfile) {
    const { result } = await createShippingProfilesWorkflow(container).run({
      input: { data: [{ name: "Default Shipping Profile", type: "default" }] },
    })
    shippingProfile = result[0]!
  }

  let [fulfillmentSet] = await fulfillmentService.listFulfillmentSets({ name: FULFILLMENT_SET_NAME }, { relations: ["service_zones"] })
  if (!fulfillmentSet) {
    fulfillmentSet = await fulfillmentService.createFulfillmentSets({
      name: FULFILLMENT_SET_NAME,
      type: "shipping",
      service_zones: [{ name: "India", geo_zones: [{ country_code: "in", type: "country" }] }],
    })
    await link.create({
      [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
      [Modules.FULFILLMENT]: { fulfillment_set_id: fulfillmentSet.id },
    })
  }

  const [option] = await fulfillmentService.listShippingOptions({ name: SHIPPING_OPTION_NAME })
  if (!option) {
    await createShippingOptionsWorkflow(container).run({
      input: [
        {
          name: SHIPPING_OPTION_NAME,
          price_type: "flat",
          provider_id: "manual_manual",
          service_zone_id: fulfillmentSet.service_zones[0]!.id,
          shipping_profile_id: shippingProfile.id,
          type: { label: "Standard", description: "Free delivery in 3–7 days.", code: "standard" },
          prices: [
            { currency_code: "inr", amount: 0 },
            { region_id: regionId, amount: 0 },
          ],
          rules: [
            { attribute: "enabled_in_store", value: "true", operator: "eq" },
            { attribute: "is_return", value: "false", operator: "eq" },
          ],
        },
      ],
    })
  }
  return { stockLocationId: location.id, shippingProfileId: shippingProfile.id }
}

async function ensurePublishableKey(container: Container, salesChannelId: string) {
  const service = container.resolve(Modules.API_KEY)
  const [existing] = await service.listApiKeys({ title: PUBLISHABLE_KEY_TITLE, type: "publishable" })
  if (existing) return existing
  const { result } = await createApiKeysWorkflow(container).run({
    input: { api_keys: [{ title: PUBLISHABLE_KEY_TITLE, type: "publishable", created_by: "seed" }] },
  })
  const key = result[0]!
  await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: key.id, add: [salesChannelId] } })
  return key
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

/** Credentials in Medusa's auth module (emailpass), the same way Medusa's own sign-up creates them. */
async function registerEmailPassword(container: Container, { email, password }: { email: string; password: string }) {
  const { authIdentity, error } = await container.resolve(Modules.AUTH).register("emailpass", { body: { email, password } })
  if (!authIdentity) throw new Error(`Could not register ${email}: ${error}`)
  return authIdentity.id
}

async function ensureAdminUser(container: Container) {
  const userService = container.resolve(Modules.USER)
  const [existing] = await userService.listUsers({ email: DEMO.admin.email })
  if (existing) return
  const authIdentityId = await registerEmailPassword(container, DEMO.admin)
  await createUserAccountWorkflow(container).run({
    input: { authIdentityId, userData: { email: DEMO.admin.email, first_name: "Demo", last_name: "Admin" } },
  })
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
