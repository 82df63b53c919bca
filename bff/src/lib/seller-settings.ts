/**
 * The seller a GST invoice names: its legal name, registered address, state and GSTIN. Production sets its own;
 * elsewhere the shop runs as a demo seller whose GSTIN is valid (its check character right) but registered to nobody.
 */
export type Seller = { legalName: string; address: string; state: string; gstin: string }

const DEMO_SELLER: Seller = {
  legalName: "Build Your Fit Retail Private Limited (demo)",
  address: "Unit 4, Kamala Mills Compound, Senapati Bapat Marg, Lower Parel, Mumbai 400013",
  state: "Maharashtra",
  gstin: "27AAFCB1234M1ZP",
}

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

/**
 * Who a shopper reaches: customer care, and the grievance officer the Consumer Protection (E-Commerce) Rules 2020
 * (rule 4) and the DPDP Act require, named on the policy pages. Production sets its own; elsewhere demo contacts.
 */
export type SellerContacts = {
  customerCare: { email: string; phone: string }
  grievanceOfficer: { name: string; email: string; phone: string }
}

const DEMO_CONTACTS: SellerContacts = {
  customerCare: { email: "care@buildyourfit.test", phone: "+91 22 0000 0000" },
  grievanceOfficer: { name: "Grievance Officer (demo)", email: "grievance@buildyourfit.test", phone: "+91 22 0000 0001" },
}

type ContactsEnv = {
  NODE_ENV: string
  SELLER_CUSTOMER_CARE_EMAIL?: string | undefined
  SELLER_CUSTOMER_CARE_PHONE?: string | undefined
  GRIEVANCE_OFFICER_NAME?: string | undefined
  GRIEVANCE_OFFICER_EMAIL?: string | undefined
  GRIEVANCE_OFFICER_PHONE?: string | undefined
}

const CONTACT_FIELDS = [
  "SELLER_CUSTOMER_CARE_EMAIL",
  "SELLER_CUSTOMER_CARE_PHONE",
  "GRIEVANCE_OFFICER_NAME",
  "GRIEVANCE_OFFICER_EMAIL",
  "GRIEVANCE_OFFICER_PHONE",
] as const

/** The config rules for the contacts: all five together, and production has them (the law requires a real grievance officer). */
export function contactIssues(env: ContactsEnv): { path: string[]; message: string }[] {
  const given = CONTACT_FIELDS.filter((name) => env[name])
  if (!given.length && env.NODE_ENV !== "production") return []
  const why = given.length
    ? "with the other customer care and grievance officer settings (the policy pages name all five)"
    : "in production (the law requires customer care and a grievance officer on the shop's pages)"
  return CONTACT_FIELDS.filter((name) => !env[name]).map((name) => ({ path: [name], message: `is required ${why}` }))
}

export function sellerContacts(env: ContactsEnv): SellerContacts {
  if (!env.GRIEVANCE_OFFICER_NAME) return DEMO_CONTACTS
  return {
    customerCare: { email: env.SELLER_CUSTOMER_CARE_EMAIL ?? "", phone: env.SELLER_CUSTOMER_CARE_PHONE ?? "" },
    grievanceOfficer: { name: env.GRIEVANCE_OFFICER_NAME, email: env.GRIEVANCE_OFFICER_EMAIL ?? "", phone: env.GRIEVANCE_OFFICER_PHONE ?? "" },
  }
}
