import { legalInfoSchema, type LegalInfo } from "@fitshop/contracts"
import type { Config } from "../../config.js"
import { sellerContacts, sellerSettings } from "../../lib/seller-settings.js"
import { COD_FEE_PAISE } from "../checkout/index.js"

export type LegalSettings = Pick<
  Config,
  | "NODE_ENV"
  | "SELLER_LEGAL_NAME"
  | "SELLER_ADDRESS"
  | "SELLER_STATE"
  | "SELLER_GSTIN"
  | "SELLER_CUSTOMER_CARE_EMAIL"
  | "SELLER_CUSTOMER_CARE_PHONE"
  | "GRIEVANCE_OFFICER_NAME"
  | "GRIEVANCE_OFFICER_EMAIL"
  | "GRIEVANCE_OFFICER_PHONE"
  | "RETURN_WINDOW_DAYS"
>

/** What the policy pages state, from the settings the rest of the shop runs on (the invoices' seller, the returns' window, checkout's fee). */
export function legalInfo(config: LegalSettings): LegalInfo {
  const { legalName, address, state, gstin } = sellerSettings(config)
  const { customerCare, grievanceOfficer } = sellerContacts(config)
  return legalInfoSchema.parse({
    seller: { legalName, address, state, gstin },
    customerCare,
    grievanceOfficer,
    returnWindowDays: config.RETURN_WINDOW_DAYS,
    codFee: COD_FEE_PAISE,
  })
}
