import { z } from "zod"

/** Razorpay names the fields it doesn't take rather than ignoring them. */
const unknownFieldsError = (issue: { code: string; keys?: string[] }) =>
  issue.code === "unrecognized_keys" ? `${issue.keys?.join(", ")} is/are not required and should not be sent` : undefined

const notes = z
  .record(
    z.string(),
    z.union([z.string().max(256, "The notes value may not be greater than 256 characters."), z.number()], {
      error: "The notes values should be strings or numbers.",
    }),
    { error: "The notes field should be an object." },
  )
  .refine((value) => Object.keys(value).length <= 15, "Number of notes cannot exceed 15.")
  .default({})

export const createOrderBody = z.strictObject(
  {
    amount: z
      .number({ error: (issue) => (issue.input === undefined ? "The amount field is required." : "The amount must be an integer.") })
      .int("The amount must be an integer.")
      .min(100, "The amount must be at least INR 1.00")
      .max(100_000_000_00, "The amount may not be greater than 10000000000."),
    currency: z.literal("INR", { error: "Currency is not supported" }).default("INR"),
    receipt: z.string({ error: "The receipt must be a string." }).max(40, "The receipt may not be greater than 40 characters.").nullable().default(null),
    notes,
    partial_payment: z.literal(false, { error: "Partial payments are not enabled for this account." }).optional(),
  },
  { error: unknownFieldsError },
)

export const refundBody = z.strictObject(
  {
    amount: z
      .number({ error: "The amount must be an integer." })
      .int("The amount must be an integer.")
      .min(100, "The amount must be at least INR 1.00")
      .optional(),
    speed: z.enum(["normal", "optimum"], { error: "The selected speed is invalid." }).default("normal"),
    notes,
    receipt: z.string().max(40, "The receipt may not be greater than 40 characters.").nullable().default(null),
  },
  { error: unknownFieldsError },
)

/** Razorpay's rule for X-Refund-Idempotency. */
export const idempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{10,64}$/, "The idempotency key must be 10 to 64 characters of letters, numbers, hyphens and underscores.")
  .optional()

/** What Checkout knows of the shopper (its prefill, and the method picked). */
export const payerBody = z.object({
  method: z.enum(["upi", "card", "netbanking", "wallet"]).optional(),
  email: z.string().max(254).optional(),
  contact: z.string().max(20).optional(),
})

/** Checkout's calls carry the public key, as Razorpay's do; never the secret. */
export const checkoutPayBody = payerBody.extend({ key: z.string({ error: "The api key provided is invalid" }) })
