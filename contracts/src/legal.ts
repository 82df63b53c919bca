import { z } from "zod"

/**
 * GET /api/legal: the facts the policy pages (/terms, /privacy, /returns-policy, /shipping-policy, /contact) state,
 * from the BFF's settings, never written into the storefront: who sells (the Consumer Protection (E-Commerce)
 * Rules 2020, rule 4), how to reach customer care and the grievance officer, and the return window and COD fee the
 * shop applies. Its paths and page names are zod-free, in legal-pages.ts.
 */
export const legalInfoSchema = z.strictObject({
  seller: z.strictObject({ legalName: z.string(), address: z.string(), state: z.string(), gstin: z.string() }),
  customerCare: z.strictObject({ email: z.string(), phone: z.string() }),
  grievanceOfficer: z.strictObject({ name: z.string(), email: z.string(), phone: z.string() }),
  /** Days after delivery an order may be returned or exchanged (RETURN_WINDOW_DAYS). */
  returnWindowDays: z.number().int(),
  /** Cash on delivery's fee, paise. */
  codFee: z.number().int(),
})
export type LegalInfo = z.infer<typeof legalInfoSchema>
