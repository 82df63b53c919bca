/**
 * The seller a GST invoice names: its legal name, registered address, state and GSTIN. Production sets its own;
 * elsewhere the shop runs as a demo seller whose GSTIN is well-formed but registered to nobody.
 */
export type Seller = { legalName: string; address: string; state: string; gstin: string }

const DEMO_SELLER: Seller = {
  legalName: "Build Your Fit Retail Private Limited (demo)",
  address: "Unit 4, Kamala Mills Compound, Senapati Bapat Marg, Lower Parel, Mumbai 400013",
  state: "Maharashtra",
  gstin: "27AAFCB1234M1Z5",
}

/** A GSTIN: 2-digit state code, the holder's PAN, the entity number, a Z and a check character. */
export const GSTIN_PATTERN = /^(0[1-9]|[1-2]\d|3[0-8]|97)[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/

type SellerEnv = {
  NODE_ENV: string
  SELLER_LEGAL_NAME?: string | undefined
  SELLER_ADDRESS?: string | undefined
  SELLER_STATE?: string | undefined
  SELLER_GSTIN?: string | undefined
}

const SELLER_FIELDS = ["SELLER_LEGAL_NAME", "SELLER_ADDRESS", "SELLER_STATE", "SELLER_GSTIN"] as const

/** The config rules for the seller: all four together, and production has them (a demo GSTIN on a real invoice is an offence). */
export function sellerIssues(env: SellerEnv): { path: string[]; message: string }[] {
  const given = SELLER_FIELDS.filter((name) => env[name])
  if (!given.length && env.NODE_ENV !== "production") return []
  const why = given.length ? "with the other SELLER_ settings (an invoice names all four)" : "in production (GST invoices name the seller)"
  return SELLER_FIELDS.filter((name) => !env[name]).map((name) => ({ path: [name], message: `is required ${why}` }))
}

export function sellerSettings(env: SellerEnv): Seller {
  if (!env.SELLER_GSTIN) return DEMO_SELLER
  return { legalName: env.SELLER_LEGAL_NAME ?? "", address: env.SELLER_ADDRESS ?? "", state: env.SELLER_STATE ?? "", gstin: env.SELLER_GSTIN }
}
