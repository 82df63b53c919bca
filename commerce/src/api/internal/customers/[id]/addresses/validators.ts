import { z } from "@medusajs/framework/zod"

/** The address fields the BFF sets on a customer's address, in Medusa's names; anything else is refused. */
export const InternalCustomerAddress = z
  .object({
    address_name: z.string().nullish(),
    first_name: z.string().nullish(),
    last_name: z.string().nullish(),
    phone: z.string().nullish(),
    address_1: z.string().nullish(),
    address_2: z.string().nullish(),
    city: z.string().nullish(),
    province: z.string().nullish(),
    postal_code: z.string().nullish(),
    country_code: z.string().nullish(),
    is_default_shipping: z.boolean().optional(),
    is_default_billing: z.boolean().optional(),
    metadata: z.record(z.string(), z.unknown()).nullish(),
  })
  .strict()

export type InternalCustomerAddressType = z.infer<typeof InternalCustomerAddress>
