import { z } from "zod"
import { amount, digits, flag, optionalText, orderDate, orderId, orderItem, parcel, text } from "./order-schema.js"

// `POST /v1/external/orders/create/return` as Shiprocket's API documentation lists it: pickup_* is the shopper the
// courier collects from, shipping_* where the parcel goes back to; a return is always prepaid.

const returnItem = orderItem.extend({
  qc_enable: flag.optional(),
  qc_size: optionalText(),
  qc_color: optionalText(),
  qc_brand: optionalText(),
  qc_product_name: optionalText(),
  qc_product_image: optionalText(2000),
  brand: optionalText(),
})

export const returnOrderSchema = z.object({
  order_id: orderId,
  order_date: orderDate,
  channel_id: z.union([z.string(), z.number()]).transform(String).optional(),
  pickup_customer_name: text(),
  pickup_last_name: optionalText(),
  company_name: optionalText(),
  pickup_address: text().min(3),
  pickup_address_2: optionalText(),
  pickup_city: text(30),
  pickup_state: text(),
  pickup_country: text(),
  pickup_pincode: digits(6),
  pickup_email: z.email(),
  pickup_phone: digits(10),
  pickup_isd_code: optionalText(),
  shipping_customer_name: text(),
  shipping_last_name: optionalText(),
  shipping_address: text().min(3),
  shipping_address_2: optionalText(),
  shipping_city: text(30),
  shipping_country: text(),
  shipping_pincode: digits(6),
  shipping_state: text(),
  shipping_email: z.email().optional(),
  shipping_isd_code: optionalText(),
  shipping_phone: digits(10),
  order_items: z.array(returnItem).min(1, "must have at least one item"),
  payment_method: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.literal("PREPAID", "must be Prepaid")),
  total_discount: amount.optional(),
  sub_total: amount.pipe(z.number().min(0)),
  ...parcel,
})

export type ReturnOrder = z.infer<typeof returnOrderSchema>
