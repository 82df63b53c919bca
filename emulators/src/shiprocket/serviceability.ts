import { PINCODE_PATTERN } from "@fitshop/contracts"
import { z } from "zod"
import { EMULATED_COURIER } from "./store.js"

/**
 * The emulator's couriers reach every real Indian postal region below except these: the Army Postal Service
 * (9xxxxx, which couriers never reach) and the Andaman & Nicobar Islands (744xxx). A pincode outside every region
 * (35xxxx, 54xxxx, 65xxxx, 86xxxx–89xxxx: no such pincodes) is not served either, as the real API answers.
 */
export const UNSERVED_PINCODE_PREFIXES = ["9", "744"] as const

/** Served, but no emulated courier collects cash there: the north-eastern hill states (79xxxx). */
export const NO_COD_PINCODE_PREFIXES = ["79"] as const

/** One pincode of each kind, for tests and for trying the storefront's branches by hand. */
export const EXAMPLE_PINCODES = {
  /** Bandra West, Mumbai: served, with cash on delivery. */
  servedWithCod: "400050",
  /** Port Blair: not served. */
  unserved: "744101",
  /** Imphal: served, prepaid only. */
  withoutCod: "795001",
} as const

type Region = { state: string; city?: string }

/**
 * India Post's regions by the pincode's first two digits, and the cities the shop's demo and tests use by their
 * first three; the longest prefix wins.
 */
const REGIONS: Record<string, Region> = {
  "11": { state: "Delhi" },
  "110": { state: "Delhi", city: "New Delhi" },
  "12": { state: "Haryana" },
  "13": { state: "Haryana" },
  "14": { state: "Punjab" },
  "15": { state: "Punjab" },
  "16": { state: "Punjab" },
  "160": { state: "Chandigarh", city: "Chandigarh" },
  "17": { state: "Himachal Pradesh" },
  "18": { state: "Jammu and Kashmir" },
  "19": { state: "Jammu and Kashmir" },
  "20": { state: "Uttar Pradesh" },
  "21": { state: "Uttar Pradesh" },
  "22": { state: "Uttar Pradesh" },
  "226": { state: "Uttar Pradesh", city: "Lucknow" },
  "23": { state: "Uttar Pradesh" },
  "24": { state: "Uttar Pradesh" },
  "248": { state: "Uttarakhand", city: "Dehradun" },
  "25": { state: "Uttar Pradesh" },
  "26": { state: "Uttarakhand" },
  "27": { state: "Uttar Pradesh" },
  "28": { state: "Uttar Pradesh" },
  "30": { state: "Rajasthan" },
  "302": { state: "Rajasthan", city: "Jaipur" },
  "31": { state: "Rajasthan" },
  "32": { state: "Rajasthan" },
  "33": { state: "Rajasthan" },
  "34": { state: "Rajasthan" },
  "36": { state: "Gujarat" },
  "37": { state: "Gujarat" },
  "38": { state: "Gujarat" },
  "380": { state: "Gujarat", city: "Ahmedabad" },
  "39": { state: "Gujarat" },
  "395": { state: "Gujarat", city: "Surat" },
  "40": { state: "Maharashtra" },
  "400": { state: "Maharashtra", city: "Mumbai" },
  "403": { state: "Goa" },
  "41": { state: "Maharashtra" },
  "411": { state: "Maharashtra", city: "Pune" },
  "42": { state: "Maharashtra" },
  "43": { state: "Maharashtra" },
  "44": { state: "Maharashtra" },
  "45": { state: "Madhya Pradesh" },
  "452": { state: "Madhya Pradesh", city: "Indore" },
  "46": { state: "Madhya Pradesh" },
  "47": { state: "Madhya Pradesh" },
  "48": { state: "Madhya Pradesh" },
  "49": { state: "Chhattisgarh" },
  "50": { state: "Telangana" },
  "500": { state: "Telangana", city: "Hyderabad" },
  "51": { state: "Andhra Pradesh" },
  "52": { state: "Andhra Pradesh" },
  "53": { state: "Andhra Pradesh" },
  "56": { state: "Karnataka" },
  "560": { state: "Karnataka", city: "Bengaluru" },
  "57": { state: "Karnataka" },
  "575": { state: "Karnataka", city: "Mangaluru" },
  "58": { state: "Karnataka" },
  "59": { state: "Karnataka" },
  "60": { state: "Tamil Nadu" },
  "600": { state: "Tamil Nadu", city: "Chennai" },
  "61": { state: "Tamil Nadu" },
  "62": { state: "Tamil Nadu" },
  "63": { state: "Tamil Nadu" },
  "64": { state: "Tamil Nadu" },
  "641": { state: "Tamil Nadu", city: "Coimbatore" },
  "67": { state: "Kerala" },
  "68": { state: "Kerala" },
  "682": { state: "Kerala", city: "Kochi" },
  "69": { state: "Kerala" },
  "70": { state: "West Bengal" },
  "700": { state: "West Bengal", city: "Kolkata" },
  "71": { state: "West Bengal" },
  "72": { state: "West Bengal" },
  "73": { state: "West Bengal" },
  "74": { state: "West Bengal" },
  "744": { state: "Andaman and Nicobar Islands", city: "Port Blair" },
  "75": { state: "Odisha" },
  "751": { state: "Odisha", city: "Bhubaneswar" },
  "76": { state: "Odisha" },
  "77": { state: "Odisha" },
  "78": { state: "Assam" },
  "781": { state: "Assam", city: "Guwahati" },
  "790": { state: "Arunachal Pradesh" },
  "791": { state: "Arunachal Pradesh" },
  "792": { state: "Arunachal Pradesh" },
  "793": { state: "Meghalaya", city: "Shillong" },
  "794": { state: "Meghalaya" },
  "795": { state: "Manipur", city: "Imphal" },
  "796": { state: "Mizoram", city: "Aizawl" },
  "797": { state: "Nagaland" },
  "798": { state: "Nagaland" },
  "799": { state: "Tripura", city: "Agartala" },
  "80": { state: "Bihar" },
  "800": { state: "Bihar", city: "Patna" },
  "81": { state: "Jharkhand" },
  "82": { state: "Jharkhand" },
  "83": { state: "Jharkhand" },
  "84": { state: "Bihar" },
  "85": { state: "Bihar" },
}

const regionOf = (pincode: string): Region | undefined => REGIONS[pincode.slice(0, 3)] ?? REGIONS[pincode.slice(0, 2)]
const startsWithAny = (pincode: string, prefixes: readonly string[]) => prefixes.some((prefix) => pincode.startsWith(prefix))

/** Whether the emulated couriers reach a pincode, and whether they collect cash there. */
export function coverageOf(pincode: string): { served: false } | { served: true; cod: boolean; region: Region } {
  const region = regionOf(pincode)
  if (!region || startsWithAny(pincode, UNSERVED_PINCODE_PREFIXES)) return { served: false }
  return { served: true, cod: !startsWithAny(pincode, NO_COD_PINCODE_PREFIXES), region }
}

/** Days by surface from pickup to delivery: 2 within the pickup's postal zone (first digit), else 4 to 6 as the zones lie apart. */
export function surfaceDays(pickupPincode: string, deliveryPincode: string): number {
  const apart = Math.abs(Number(pickupPincode[0]) - Number(deliveryPincode[0]))
  return apart === 0 ? 2 : Math.min(6, 3 + apart)
}

const pincodeField = z.string().regex(PINCODE_PATTERN, "must be 6 digits")

/** The query of `GET /v1/external/courier/serviceability/` as the emulator takes it. */
export const serviceabilityQuerySchema = z.object({
  pickup_postcode: pincodeField,
  delivery_postcode: pincodeField,
  weight: z.coerce.number().positive("must be greater than 0"),
  cod: z.enum(["0", "1"], "must be 0 or 1"),
})

/** Shiprocket's answer where no courier reaches the delivery pincode. */
const notServiceable = { status: 404, message: "Delivery postcode not serviceable" }

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

/** A day `days` after today in India, as Shiprocket writes `etd`: "Dec 02, 2026". */
function etdAfter(now: Date, days: number): string {
  const day = new Date(now.getTime() + 330 * 60_000 + days * 86_400_000)
  return `${MONTHS[day.getUTCMonth()]} ${String(day.getUTCDate()).padStart(2, "0")}, ${day.getUTCFullYear()}`
}

type Courier = { id: number; name: string; days: number; cod: boolean; rate: number; mode: number }

/**
 * What Shiprocket answers for a lane the couriers serve: the surface courier the emulator assigns AWBs with
 * (recommended), and an air courier a day faster; with `cod=1`, only those that collect cash. A 404 where no courier
 * serves the pickup's pincode or the delivery's.
 */
export function serviceabilityAnswer(query: z.infer<typeof serviceabilityQuerySchema>, now = new Date()) {
  if (!coverageOf(query.pickup_postcode).served) return { status: 404, body: { status: 404, message: "Pickup postcode not serviceable" } } as const
  const delivery = coverageOf(query.delivery_postcode)
  if (!delivery.served) return { status: 404, body: notServiceable } as const
  const days = surfaceDays(query.pickup_postcode, query.delivery_postcode)
  const couriers: Courier[] = [
    { id: EMULATED_COURIER.companyId, name: EMULATED_COURIER.name, days, cod: delivery.cod, rate: 60 + 10 * days, mode: 0 },
    { id: 2, name: "Emulated Air", days: Math.max(1, days - 1), cod: delivery.cod, rate: 90 + 15 * days, mode: 1 },
  ].filter((courier) => query.cod === "0" || courier.cod)
  if (!couriers.length) return { status: 404, body: notServiceable } as const
  const body = {
    company_auto_shipment_insurance_setting: false,
    covid_zones: { delivery_zone: null, pickup_zone: null },
    currency: "INR",
    data: {
      available_courier_companies: couriers.map((courier) => ({
        courier_company_id: courier.id,
        courier_name: courier.name,
        cod: courier.cod ? 1 : 0,
        cod_charges: courier.cod ? 35 : 0,
        etd: etdAfter(now, courier.days),
        etd_hours: courier.days * 24,
        estimated_delivery_days: String(courier.days),
        city: delivery.region.city ?? "",
        state: delivery.region.state,
        postcode: query.delivery_postcode,
        freight_charge: courier.rate,
        rate: courier.rate,
        rating: 4.5,
        blocked: 0,
        is_surface: courier.mode === 0,
        mode: courier.mode,
        min_weight: 0.5,
        zone: `z_${String.fromCharCode(97 + Math.min(4, days - 2))}`,
      })),
      blocked_courier_companies: [],
      child_courier_id: null,
      is_recommendation_enabled: 1,
      recommended_by: { id: 6, title: "Recommendation By Shiprocket" },
      recommended_courier_company_id: couriers[0]!.id,
      shiprocket_recommended_courier_id: couriers[0]!.id,
    },
    dg_courier: 0,
    eligible_for_insurance: false,
    is_latlong: 0,
    label_generate_type: 0,
    seller_address: [],
    status: 200,
    user_insurance_manadatory: false,
  }
  return { status: 200, body } as const
}
