import { PINCODE_PATTERN } from "@fitshop/contracts"

/**
 * Where returned parcels go: the courier's reverse pickup delivers to this address. Production sets its own;
 * elsewhere the demo seller's warehouse stands in (the Shiprocket emulator takes any address).
 */
export type ReturnWarehouse = { name: string; address: string; city: string; state: string; pincode: string; phone: string }

const DEMO_WAREHOUSE: ReturnWarehouse = {
  name: "Build Your Fit Returns (demo)",
  address: "Unit 4, Kamala Mills Compound, Senapati Bapat Marg, Lower Parel",
  city: "Mumbai",
  state: "Maharashtra",
  pincode: "400013",
  phone: "9000000000",
}

type WarehouseEnv = {
  NODE_ENV: string
  RETURN_WAREHOUSE_NAME?: string | undefined
  RETURN_WAREHOUSE_ADDRESS?: string | undefined
  RETURN_WAREHOUSE_CITY?: string | undefined
  RETURN_WAREHOUSE_STATE?: string | undefined
  RETURN_WAREHOUSE_PINCODE?: string | undefined
  RETURN_WAREHOUSE_PHONE?: string | undefined
}

const WAREHOUSE_FIELDS = [
  "RETURN_WAREHOUSE_NAME",
  "RETURN_WAREHOUSE_ADDRESS",
  "RETURN_WAREHOUSE_CITY",
  "RETURN_WAREHOUSE_STATE",
  "RETURN_WAREHOUSE_PINCODE",
  "RETURN_WAREHOUSE_PHONE",
] as const

/** The config rules for the warehouse: all six together, and production has them (a return must reach us). */
export function returnWarehouseIssues(env: WarehouseEnv): { path: string[]; message: string }[] {
  const given = WAREHOUSE_FIELDS.filter((name) => env[name])
  const issues = given.length || env.NODE_ENV === "production" ? WAREHOUSE_FIELDS.filter((name) => !env[name]) : []
  const why = given.length ? "with the other RETURN_WAREHOUSE_ settings (a reverse pickup names all six)" : "in production (returns are picked up to it)"
  const found = issues.map((name) => ({ path: [name], message: `is required ${why}` }))
  if (env.RETURN_WAREHOUSE_PINCODE && !PINCODE_PATTERN.test(env.RETURN_WAREHOUSE_PINCODE)) {
    found.push({ path: ["RETURN_WAREHOUSE_PINCODE"], message: "must be a 6-digit pincode that does not start with 0" })
  }
  return found
}

export function returnWarehouse(env: WarehouseEnv): ReturnWarehouse {
  if (!env.RETURN_WAREHOUSE_ADDRESS) return DEMO_WAREHOUSE
  return {
    name: env.RETURN_WAREHOUSE_NAME ?? "",
    address: env.RETURN_WAREHOUSE_ADDRESS,
    city: env.RETURN_WAREHOUSE_CITY ?? "",
    state: env.RETURN_WAREHOUSE_STATE ?? "",
    pincode: env.RETURN_WAREHOUSE_PINCODE ?? "",
    phone: env.RETURN_WAREHOUSE_PHONE ?? "",
  }
}
