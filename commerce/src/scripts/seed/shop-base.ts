import {
  createApiKeysWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  createTaxRegionsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
  updateRegionsWorkflow,
  updateStoresWorkflow,
} from "@medusajs/medusa/core-flows"
import type { ExecArgs, StoreDTO } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { queryGraph } from "../../lib/query"

export const SALES_CHANNEL_NAME = "Storefront"
/** The BFF finds the storefront's key by this title (bff/src/lib/medusa.ts) unless MEDUSA_PUBLISHABLE_KEY names it. */
export const PUBLISHABLE_KEY_TITLE = "Storefront"
const STORE_NAME = "Build Your Fit"
const REGION_NAME = "India"
/** Medusa's system provider, and the Razorpay and cash-on-delivery providers of src/modules. */
const REGION_PAYMENT_PROVIDERS = ["pp_system_default", "pp_razorpay_razorpay", "pp_cod_cod"] as const
const STOCK_LOCATION_NAME = "Bhiwandi Warehouse"
const FULFILLMENT_SET_NAME = "India delivery"
const SHIPPING_OPTION_NAME = "Standard Shipping"

type Container = ExecArgs["container"]

export type ShopBase = { salesChannelId: string; stockLocationId: string; shippingProfileId: string; publishableKey: string }

/** The store, region, tax, stock location, shipping and publishable key every product hangs off. */
export async function ensureShopBase(container: Container): Promise<ShopBase> {
  const salesChannel = await ensureSalesChannel(container)
  await ensureStore(container, salesChannel.id)
  const region = await ensureRegion(container)
  await ensureTaxRegion(container)
  const shipping = await ensureStockLocationAndShipping(container, salesChannel.id, region.id)
  const key = await ensurePublishableKey(container, salesChannel.id)
  return { salesChannelId: salesChannel.id, ...shipping, publishableKey: key.token }
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
  const [store] = await storeService.listStores({}, { relations: ["supported_currencies"] })
  if (!store) throw new Error("Medusa has no store; run the migrations first")
  if (store.name === STORE_NAME && store.default_sales_channel_id === salesChannelId && (await sellsTaxInclusiveRupees(container, store))) return
  await updateStoresWorkflow(container).run({
    input: {
      selector: { id: store.id },
      update: {
        name: STORE_NAME,
        supported_currencies: [{ currency_code: "inr", is_default: true, is_tax_inclusive: true }],
        default_sales_channel_id: salesChannelId,
      },
    },
  })
}

/** Rupees as the store's one and default currency, with prices that include tax (a price preference in Medusa). */
async function sellsTaxInclusiveRupees(container: Container, store: StoreDTO): Promise<boolean> {
  const currencies = store.supported_currencies ?? []
  if (currencies.length !== 1 || currencies[0]?.currency_code !== "inr" || !currencies[0].is_default) return false
  const [preference] = await container.resolve(Modules.PRICING).listPricePreferences({ attribute: "currency_code", value: "inr" })
  return preference?.is_tax_inclusive === true
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
