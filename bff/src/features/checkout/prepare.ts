import { randomUUID } from "node:crypto"
import type { BagItem } from "@fitshop/contracts"
import { badRequest, conflict, forbidden, HttpError, serviceUnavailable, unauthorized } from "../../http/errors.js"
import type { Db } from "../../lib/db.js"
import { presentAddress, type AddressService } from "../addresses/index.js"
import type { BagService } from "../cart/index.js"
import { dropShopper, overDropLimit, refuseUnopenedDrop } from "../catalog/index.js"
import { DELIVERY_CHECK_RETRY_SECONDS, type DeliveryCheck } from "../serviceability/index.js"
import type { CheckoutLine, ShippingAddress } from "../orders/index.js"
import { hsnFor } from "../../lib/hsn.js"
import type { UsersRepository } from "../users/index.js"
import { CheckoutInFlight, DropLimitReached, holdStock, releaseHolds, type DropLimits } from "./stock-holds.js"
import { insertCheckout, owedPaise, type Checkout, type NewCheckout } from "./checkouts.js"
import { withinOpenCodOrders } from "./open-cod-orders.js"
import { isCommerceUnavailable } from "../../lib/medusa.js"
import { StockShortfall } from "./commerce-checkout.js"
import { ALREADY_PLACING, CART_EMPTY, COD_FEE_PAISE, LIVE_TEST_AMOUNT_PAISE, SELECT_ADDRESS, SIZES_MISSING, type CheckoutPayload } from "./schema.js"

const COMMERCE_DOWN = "We couldn't reach the shop's order system. Please try again in a minute."
const notDeliverable = (pincode: string) => `We don't deliver to ${pincode} yet.`
const codUnavailable = (pincode: string) => `Cash on delivery isn't available for ${pincode}. Please pay online.`
const codUnconfirmed = (pincode: string) =>
  `We can't confirm cash on delivery to ${pincode} right now. Please pay online, or try cash on delivery again in a minute.`

export type CheckoutMode = "prepaid" | "cod"

type Deps = {
  db: Db
  bag: BagService
  users: UsersRepository
  addresses: AddressService
  /** ALLOW_LIVE_TEST_PAYMENTS: admins may pay ₹1 to test the live gateway. */
  liveTestAllowed: boolean
  /** STOCK_HOLD_MINUTES: how long a checkout's units are held for its payment. */
  holdMinutes: number
  /** Whether couriers reach a pincode, and collect cash there (Shiprocket's answer, kept for hours). */
  checkDelivery: DeliveryCheck
}

/**
 * Turns the shopper's bag, as it is now, into a checkout: the amounts computed here from the shop's own prices (never
 * taken from the client), the COD fee and the Dark Coins credit, its units held, and a bff.checkouts row. Medusa is not
 * asked (but for a saved address): its cart is made once the order is accepted (medusa-placement.ts), at these prices.
 */
export function checkoutPreparation({ db, bag, users, addresses, liveTestAllowed, holdMinutes, checkDelivery }: Deps) {
  /**
   * Refuses an order no courier can bring to the pincode, and cash on delivery where no courier collects it or
   * Shiprocket can't say; answers the day delivery is promised by, which the order keeps.
   */
  async function refuseUndeliverable(pincode: string, mode: CheckoutMode): Promise<string | null> {
    const delivery = await checkDelivery(pincode)
    if (!delivery) {
      // Shiprocket unreachable: cash on delivery waits for an answer (a parcel no courier takes cash for comes back
      // unpaid). A paid order goes ahead; its dispatch job asks Shiprocket again for hours, and fails where staff see it.
      if (mode === "cod") throw serviceUnavailable(codUnconfirmed(pincode), DELIVERY_CHECK_RETRY_SECONDS)
      return null
    }
    if (!delivery.deliverable) throw new HttpError(409, "not_deliverable", notDeliverable(pincode))
    if (mode === "cod" && !delivery.codAvailable) throw new HttpError(409, "cod_unavailable", codUnavailable(pincode))
    return delivery.estimatedDelivery
  }

  async function shippingAddress(userId: string, payload: CheckoutPayload, email: string): Promise<ShippingAddress> {
    const choice = payload.shippingAddressSnapshot
    if ("id" in choice) {
      const saved = (await addresses.list(userId)).find((address) => address.id === choice.id)
      if (!saved) throw badRequest(SELECT_ADDRESS)
      const { id: _id, label: _label, isDefault: _isDefault, ...address } = presentAddress(saved)
      return { ...address, email }
    }
    const { email: given, save, label: _label, isDefault: _isDefault, ...address } = choice
    // Paying again after a cancelled attempt must not save the same address twice.
    if (save && !(await addresses.list(userId)).some((saved) => samePlace(presentAddress(saved), address))) {
      await addresses.create(userId, { ...choice, isDefault: false })
    }
    return { ...address, email: given ?? email }
  }

  /** The bag's drops with their limits per shopper, and the person who buys them; undefined for a bag without one. */
  async function dropLimits(userId: string, items: BagItem[]): Promise<DropLimits | undefined> {
    const limits: Record<string, number> = {}
    for (const item of items) if (item.product.drop) limits[item.productId] = item.product.drop.limitPerShopper
    if (!Object.keys(limits).length) return undefined
    return { ...(await dropShopper(db, userId)), limits }
  }

  async function prepare(userId: string, payload: CheckoutPayload, mode: CheckoutMode): Promise<Checkout> {
    const [user, { items, summary }] = await Promise.all([users.byId(userId), bag.view(userId)])
    if (!user) throw unauthorized()
    if (!user.medusa_customer_id) throw conflict("Your account is not linked to a shop customer yet. Please contact support.")
    const liveTest = payload.liveTest === true
    if (liveTest && (!liveTestAllowed || user.role !== "admin" || mode !== "prepaid")) throw forbidden()

    if (!items.length) throw badRequest(CART_EMPTY)
    if (summary.sizesMissing || items.some((item) => !item.size)) throw badRequest(SIZES_MISSING)
    // A new address's pincode is known now, before any unit is held or Medusa asked; a saved one's once it is read.
    const choice = payload.shippingAddressSnapshot
    let estimatedDelivery = "id" in choice ? null : await refuseUndeliverable(choice.postalCode, mode)

    const id = randomUUID()
    const lines: CheckoutLine[] = items.map((item) => {
      // A line may have been added before staff scheduled the drop: it still waits for the start.
      refuseUnopenedDrop(item.product)
      const variant = item.product.variants.find((v) => v.size === item.size)
      if (!variant) throw badRequest(SIZES_MISSING)
      return {
        productId: item.productId,
        variantId: variant.id,
        size: item.size,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
        title: item.product.title,
        imageUrl: item.product.imageUrl,
        refPostId: item.refPostId,
        // A page stored before the flag was kept lacks it: returnable, as staff leave products unless they say otherwise.
        returnable: item.product.returnable !== false,
        hsn: hsnFor(item.product),
        gstPercent: item.product.gstPercent,
      }
    })
    const subtotal = summary.subtotal
    const codFee = mode === "cod" ? COD_FEE_PAISE : 0
    const useCoins = payload.darkCoins.applied && !liveTest && summary.usableDiscount > 0
    const discount = useCoins ? summary.usableDiscount : 0
    const coins = useCoins ? summary.coinsToSpend : 0
    const owed = owedPaise({ subtotal, discount, codFee })
    const amount = liveTest ? LIVE_TEST_AMOUNT_PAISE : owed
    if (mode === "prepaid" && amount < LIVE_TEST_AMOUNT_PAISE) {
      throw badRequest("Your Dark Coins cover this whole order. Choose Cash on Delivery, or pay without applying coins.")
    }

    // Only as many checkouts as there are units go on; the rest hear at once. A drop's units only within
    // its limit per shopper, counted for the person (every account of their inbox) in the same statement.
    const drops = await dropLimits(userId, items)
    const hold = (client: Pick<Db, "query">) =>
      holdStock(client, { checkoutId: id, userId, mode, lines, expiresAt: new Date(Date.now() + holdMinutes * 60_000), drops })
    try {
      await (mode === "cod" ? withinOpenCodOrders(db, userId, hold) : hold(db))
    } catch (error) {
      if (error instanceof StockShortfall) throw outOfStock(error, lines)
      if (error instanceof CheckoutInFlight) throw conflict(ALREADY_PLACING)
      if (error instanceof DropLimitReached) throw overDropLimit(error.limit)
      throw error
    }
    // The address may be a saved one, read from Medusa: only a shopper holding the units asks.
    let address: ShippingAddress
    try {
      address = await shippingAddress(userId, payload, user.email)
      if ("id" in choice) estimatedDelivery = await refuseUndeliverable(address.postalCode, mode)
    } catch (error) {
      await releaseHolds(db, id)
      if (isCommerceUnavailable(error)) throw serviceUnavailable(COMMERCE_DOWN)
      throw error
    }

    const checkout: NewCheckout = {
      id,
      userId,
      mode,
      receipt: `rcpt_${id.replace(/-/g, "")}`,
      subtotal,
      discount,
      coins,
      codFee,
      amount,
      isTest: liveTest,
      lines,
      address,
      estimatedDelivery,
      buyerGstin: payload.buyerGstin ?? null,
    }
    await insertCheckout(db, checkout).catch(async (error: unknown) => {
      await releaseHolds(db, id)
      throw error
    })
    return {
      ...checkout,
      buyerGstin: checkout.buyerGstin ?? null,
      medusaCartId: null,
      razorpayOrderId: null,
      razorpayPaymentId: null,
      status: "awaiting_payment",
      failure: null,
      orderId: null,
      createdAt: new Date(),
    }
  }

  return { prepare }
}

const PLACE_FIELDS = ["fullName", "phone", "line1", "line2", "city", "state", "postalCode"] as const

function samePlace(a: Pick<ShippingAddress, (typeof PLACE_FIELDS)[number]>, b: Pick<ShippingAddress, (typeof PLACE_FIELDS)[number]>): boolean {
  return PLACE_FIELDS.every((field) => (a[field] ?? "").toLowerCase() === (b[field] ?? "").toLowerCase())
}

/** The 409 for lines whose stock ran out, naming each item and size (and how many are left). */
function outOfStock(error: StockShortfall, lines: CheckoutLine[]): HttpError {
  const names = error.shortfalls.map((shortfall) => {
    const line = lines.find((l) => l.variantId === shortfall.variant_id)
    const item = line ? `${line.title}${line.size ? ` (size ${line.size})` : ""}` : "An item in your bag"
    return shortfall.available > 0 ? `Only ${shortfall.available} left of ${item}` : `${item} is out of stock`
  })
  return new HttpError(409, "out_of_stock", `${names.join(". ")}.`, {}, { shortfalls: error.shortfalls })
}

export type CheckoutPreparation = ReturnType<typeof checkoutPreparation>
