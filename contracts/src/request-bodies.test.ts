import { describe, expect, it } from "vitest"
import type { z } from "zod"
import { addressBody, addressPatchBody } from "./address.js"
import { loginBody, resetPasswordBody, signupBody, verifyEmailBody } from "./auth.js"
import { addToBagBody, setQuantityBody, setSizeBody } from "./bag.js"
import { listProductsQuery } from "./catalog.js"
import { cancelPaymentPayload, checkoutPayload, FILL_ADDRESS, SELECT_ADDRESS, VERIFICATION_FAILED, verifyPayload } from "./checkout.js"
import { commentBody, createPostBody, reportBody } from "./fitfeed.js"
import { HANDLE_INVALID, PROFILE_HANDLE_INVALID } from "./handle.js"
import { PASSWORD_RULE } from "./password.js"
import { updateMeBody, updateProfileBody } from "./users.js"
import { addToWishlistBody } from "./wishlist.js"

/** Each refusal as the BFF's 400 names it: `path: message`. */
const refusals = (schema: z.ZodType, input: unknown) =>
  schema.safeParse(input).error?.issues.map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message)) ?? []

const PRODUCT_ID = "prod_01JABCDEFGHJKMNPQRSTVWXYZ0"

const address = {
  fullName: "  Asha   Rao ",
  phone: "+91 98765-43210",
  line1: "12 MG Road",
  city: "Bengaluru",
  state: "Karnataka",
  postalCode: 560001,
}

describe("the address bodies", () => {
  it("read a typed address, defaulting label, country, line 2 and the default flag", () => {
    expect(addressBody.parse(address)).toEqual({
      label: "Home",
      fullName: "Asha Rao",
      phone: "9876543210",
      line1: "12 MG Road",
      line2: null,
      city: "Bengaluru",
      state: "Karnataka",
      postalCode: "560001",
      country: "India",
      isDefault: false,
    })
    expect(addressPatchBody.parse({ city: " Pune " })).toEqual({ city: "Pune" })
  })

  it("refuse what the shop cannot deliver to, saying why", () => {
    expect(refusals(addressBody, { ...address, phone: "12345", postalCode: "012345", country: "Nepal", fullName: "" })).toEqual([
      "fullName: Enter the full name",
      "phone: Enter a 10-digit mobile number",
      "postalCode: Enter a 6-digit pincode that does not start with 0",
      "country: We deliver only within India.",
    ])
    expect(refusals(addressBody, "12 MG Road")).toEqual(["Send the address as a JSON object"])
    expect(refusals(addressPatchBody, { line1: "x".repeat(201) })).toEqual(["line1: Use at most 200 characters"])
  })
})

describe("the checkout payloads", () => {
  const payment = { gateway: "cod", mode: "cod" }

  it("take a saved address by id or a new one with its e-mail and save flag", () => {
    expect(checkoutPayload.parse({ shippingAddressSnapshot: { id: "addr_01" }, payment })).toEqual({
      shippingAddressSnapshot: { id: "addr_01" },
      payment,
      darkCoins: { applied: false },
    })
    const placed = checkoutPayload.parse({
      shippingAddressSnapshot: { ...address, country: "India", email: "asha@example.in", save: true },
      payment: { gateway: "razorpay", mode: "prepaid" },
      darkCoins: { applied: true, coins: 120 },
      charges: { codFeePaise: 0 },
    })
    expect(placed.shippingAddressSnapshot).toMatchObject({ fullName: "Asha Rao", phone: "9876543210", email: "asha@example.in", save: true })
  })

  it("refuse a missing or incomplete address and a mixed-up payment with the spec's texts", () => {
    expect(refusals(checkoutPayload, { shippingAddressSnapshot: null, payment })).toEqual([`shippingAddressSnapshot: ${SELECT_ADDRESS}`])
    expect(refusals(checkoutPayload, { shippingAddressSnapshot: { ...address, phone: "1" }, payment })).toEqual([
      `shippingAddressSnapshot: ${FILL_ADDRESS} (phone: Enter a 10-digit mobile number)`,
    ])
    expect(refusals(checkoutPayload, { shippingAddressSnapshot: { id: "a b" }, payment: { gateway: "cod", mode: "prepaid" } })).toEqual([
      `shippingAddressSnapshot: ${SELECT_ADDRESS}`,
      "payment: payment: cash on delivery is gateway cod with mode cod",
    ])
  })

  it("verify only what Razorpay hands back, and cancel only a Razorpay order", () => {
    const handed = { razorpay_payment_id: "pay_ABC123", razorpay_order_id: "order_ABC123", razorpay_signature: "a".repeat(64) }
    expect(verifyPayload.parse(handed)).toEqual(handed)
    expect(refusals(verifyPayload, { ...handed, razorpay_signature: "forged" })).toEqual([`razorpay_signature: ${VERIFICATION_FAILED}`])
    expect(refusals(verifyPayload, null)).toEqual([VERIFICATION_FAILED])
    expect(refusals(cancelPaymentPayload, { razorpay_order_id: "pay_1" })).toEqual(["razorpay_order_id: is not a Razorpay order id"])
  })
})

describe("the account bodies", () => {
  it("read a sign-up, normalising the e-mail and the handle", () => {
    expect(signupBody.parse({ name: " Asha ", email: " Asha@Example.IN ", password: "streetwear1", handle: "@Asha.Rao" })).toEqual({
      name: "Asha",
      email: "asha@example.in",
      password: "streetwear1",
      handle: "asha.rao",
      // Marketing messages are a choice of their own, off unless ticked.
      marketingOptIn: false,
    })
  })

  it("refuse sign-ups, sign-ins, codes and resets with the texts the forms show", () => {
    expect(refusals(signupBody, { name: "", email: "asha", password: "short", handle: "-a" })).toEqual([
      "name: Name is required",
      "email: Enter a valid email address",
      `password: ${PASSWORD_RULE}`,
      `handle: ${HANDLE_INVALID}`,
    ])
    expect(refusals(loginBody, { email: "asha@example.in" })).toEqual(["password: Password is required"])
    expect(refusals(verifyEmailBody, { email: "asha@example.in", code: "12345" })).toEqual(["code: Enter the 6-digit code"])
    expect(refusals(resetPasswordBody, { token: "t".repeat(20), password: "onlyletters" })).toEqual([`password: ${PASSWORD_RULE}`])
  })

  it("update a profile and the account's fields, and nothing else", () => {
    expect(updateProfileBody.parse({ handle: "Asha_R" })).toEqual({ handle: "asha_r" })
    expect(refusals(updateProfileBody, { handle: "." })).toEqual([`handle: ${PROFILE_HANDLE_INVALID}`])
    expect(refusals(updateProfileBody, { role: "admin" })[0]).toMatch(/role/)
    expect(updateMeBody.parse({ phone: "+91 98765 43210" })).toEqual({ phone: "9876543210" })
    expect(refusals(updateMeBody, { phone: "12345" })).toEqual(["phone: Enter a 10-digit Indian mobile number"])
  })
})

describe("the bag and wardrobe bodies", () => {
  it("add a product with its size upper-cased and the referring post as digits", () => {
    expect(addToBagBody.parse({ productId: PRODUCT_ID, size: " m ", refPostId: 42 })).toEqual({
      productId: PRODUCT_ID,
      quantity: 1,
      size: "M",
      refPostId: "42",
    })
    expect(addToBagBody.parse({ productId: PRODUCT_ID, size: "", refPostId: "" })).toMatchObject({ size: null, refPostId: null })
    expect(setQuantityBody.parse({ quantity: 0 })).toEqual({ quantity: 0 })
    expect(addToWishlistBody.parse({ productId: PRODUCT_ID })).toEqual({ productId: PRODUCT_ID })
  })

  it("refuse quantities, sizes and ids the bag cannot hold", () => {
    expect(refusals(addToBagBody, { productId: "prod_1", quantity: 11, refPostId: "4a" })).toEqual([
      "productId: is not a product id",
      "quantity: must be a whole number from 1 to 10",
      "refPostId: must be digits only",
    ])
    expect(refusals(setQuantityBody, { quantity: 11 })).toEqual(["quantity: must be at most 10"])
    expect(refusals(setQuantityBody, { quantity: 1.5 })).toEqual(["quantity: must be a whole number from 1 to 10"])
    expect(refusals(setSizeBody, { size: "  " })).toEqual(["size: is required"])
    expect(refusals(addToWishlistBody, { productId: "shirt" })).toEqual(["productId: is not a product id"])
  })
})

describe("the FITFEED bodies", () => {
  it("read a post with its caption trimmed, or none", () => {
    expect(createPostBody.parse({ productId: PRODUCT_ID, text: "  ", imageUrl: "/media/uploads/a.webp" })).toEqual({
      kind: "REGULAR",
      productId: PRODUCT_ID,
      text: null,
      imageUrl: "/media/uploads/a.webp",
    })
  })

  it("refuse posts, comments and reports with the texts the dialogs show", () => {
    expect(refusals(createPostBody, { text: "x".repeat(501) })).toEqual([
      "productId: Please select the product you bought.",
      "text: The caption can be at most 500 characters.",
      "imageUrl: Please add a photo.",
    ])
    expect(refusals(commentBody, { text: " " })).toEqual(["text: Write a comment first."])
    expect(refusals(commentBody, { text: "x".repeat(501) })).toEqual(["text: A comment can be at most 500 characters."])
    expect(refusals(reportBody, {})).toEqual(["reason: Tell us what is wrong with this post."])
  })
})

describe("the catalogue's listing query", () => {
  it("reads the shop's query with its defaults", () => {
    expect(listProductsQuery.parse({ active: "true", gender: "MEN", categoryType: "LOWERS", subcategory: "Jeans", limit: "24" })).toEqual({
      active: "true",
      gender: "MEN",
      categoryType: "LOWERS",
      subcategory: "Jeans",
      sort: "popular",
      limit: 24,
      offset: 0,
    })
  })

  it("refuses values outside the vocabulary, naming the allowed ones", () => {
    expect(refusals(listProductsQuery, { sort: "cheapest" })).toEqual(["sort: must be one of popular, price_asc, price_desc, newest"])
    expect(refusals(listProductsQuery, { categoryType: "UPPERS", subcategory: "Jeans" })).toEqual(["subcategory: Jeans is not a UPPERS subcategory"])
    expect(refusals(listProductsQuery, { active: "false" })).toEqual(["active: only active=true is served to shoppers"])
  })
})
