import { z } from "zod"

// Shiprocket takes numbers and digit strings alike, and answers a bad order with 422 and messages per field.

export const text = (max = 255) => z.string().trim().min(1).max(max)
export const optionalText = (max = 255) => z.string().trim().max(max).optional()
export const amount = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, "must be a number")
    .transform(Number),
])
export const digits = (count: number) =>
  z
    .union([z.number().int().nonnegative(), z.string().trim()])
    .transform(String)
    .pipe(z.string().regex(new RegExp(`^\\d{${count}}$`), `must be ${count} digits`))
export const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(["true", "false", "0", "1"])])
  .transform((value) => value === true || value === 1 || value === "true" || value === "1")

export const orderItem = z.object({
  name: text(),
  sku: text(100),
  units: amount.pipe(z.number().int("must be a whole number").min(1)),
  selling_price: amount.pipe(z.number().min(0)),
  discount: amount.optional(),
  tax: amount.optional(),
  hsn: z.union([z.string(), z.number()]).optional(),
})

const SHIPPING_FIELDS = [
  "shipping_customer_name",
  "shipping_address",
  "shipping_city",
  "shipping_pincode",
  "shipping_state",
  "shipping_country",
  "shipping_phone",
] as const

export const orderId = z.union([z.string(), z.number()]).transform(String).pipe(text(50))
export const orderDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, "must be a date as yyyy-mm-dd hh:mm")
/** Package size in cm and weight in kg, as Shiprocket bounds them. */
export const parcel = {
  length: amount.pipe(z.number().gt(0.5, "must be more than 0.5")),
  breadth: amount.pipe(z.number().gt(0.5, "must be more than 0.5")),
  height: amount.pipe(z.number().gt(0.5, "must be more than 0.5")),
  weight: amount.pipe(z.number().gt(0, "must be more than 0")),
}

export const adhocOrderSchema = z
  .object({
    order_id: orderId,
    order_date: orderDate,
    pickup_location: text(),
    comment: optionalText(),
    billing_customer_name: text(),
    billing_last_name: optionalText(),
    billing_address: text().min(3),
    billing_address_2: optionalText(),
    billing_city: text(30),
    billing_pincode: digits(6),
    billing_state: text(),
    billing_country: text(),
    billing_email: z.email(),
    billing_phone: digits(10),
    shipping_is_billing: flag,
    shipping_customer_name: optionalText(),
    shipping_last_name: optionalText(),
    shipping_address: optionalText(),
    shipping_address_2: optionalText(),
    shipping_city: optionalText(30),
    shipping_pincode: digits(6).optional(),
    shipping_state: optionalText(),
    shipping_country: optionalText(),
    shipping_email: z.email().optional(),
    shipping_phone: digits(10).optional(),
    order_items: z.array(orderItem).min(1, "must have at least one item"),
    payment_method: z
      .string()
      .trim()
      .transform((value) => value.toLowerCase())
      .pipe(z.enum(["cod", "prepaid"], "must be COD or Prepaid"))
      .transform((value) => (value === "cod" ? ("COD" as const) : ("Prepaid" as const))),
    shipping_charges: amount.optional(),
    transaction_charges: amount.optional(),
    total_discount: amount.optional(),
    sub_total: amount.pipe(z.number().min(0)),
    ...parcel,
  })
  .superRefine((order, ctx) => {
    if (order.shipping_is_billing) return
    for (const field of SHIPPING_FIELDS) {
      if (!order[field]) ctx.addIssue({ code: "custom", path: [field], message: "is required when shipping_is_billing is false" })
    }
  })

export type AdhocOrder = z.infer<typeof adhocOrderSchema>

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  return path.reduce<unknown>((value, key) => (value !== null && typeof value === "object" ? (value as Record<PropertyKey, unknown>)[key] : undefined), input)
}

/** Laravel-style messages per field, as Shiprocket answers them: `{ "billing_pincode": ["The billing pincode field is required."] }`. */
export function fieldErrors(error: z.ZodError, input: unknown): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "body"
    const label = String(issue.path.filter((part) => typeof part === "string").at(-1) ?? "body").replaceAll("_", " ")
    const value = valueAt(input, issue.path)
    const missing = (value === undefined || value === null || value === "") && issue.code !== "custom"
    const ownWords = /^(must|is) /.test(issue.message)
    const message = missing
      ? `The ${label} field is required.`
      : ownWords
        ? `The ${label} ${issue.message}.`
        : `The ${label} field is invalid (${issue.message}).`
    ;(errors[key] ??= []).push(message)
  }
  return errors
}
