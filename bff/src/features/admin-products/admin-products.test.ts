import { randomBytes } from "node:crypto"
import { setTimeout as sleep } from "node:timers/promises"
import {
  type AdminProduct,
  type AdminProductForm,
  adminProductInput,
  type AdminProductList,
  DROP_MESSAGES,
  EDITOR_MESSAGES,
  type ListedProduct,
  type Product,
  SIZES,
} from "@fitshop/contracts"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp } from "../../../test/app.js"
import { hoodieForm, shopperSession, staffSession, uploadedProductImage } from "../../../test/staff.js"
import { medusaProduct } from "./medusa-product.js"
import { COMMERCE_UNAVAILABLE_MESSAGE, STALE_PRODUCT_MESSAGE } from "./service.js"

let ctx: Awaited<ReturnType<typeof createTestApp>>
let staff: Awaited<ReturnType<typeof staffSession>>
let shopper: Awaited<ReturnType<typeof shopperSession>>
let imageUrl: string

beforeAll(async () => {
  ctx = await createTestApp()
  staff = await staffSession(ctx.app)
  shopper = await shopperSession(ctx.app)
  imageUrl = await uploadedProductImage(ctx.app, staff.headers)
}, 60_000)
afterAll(() => ctx.close())

const word = () => `w${randomBytes(4).toString("hex")}`

/** A complete men's hoodie with a title of its own; LIVE unless told otherwise. */
const hoodie = (overrides: Partial<AdminProductForm> = {}) => hoodieForm(imageUrl, { title: `Admin Hoodie ${word()}`, ...overrides })

const admin = {
  create: (body: unknown) =>
    request(ctx.app)
      .post("/api/admin/products")
      .set(staff.headers)
      .send(body as object),
  update: (id: string, version: number, product: unknown) => request(ctx.app).put(`/api/admin/products/${id}`).set(staff.headers).send({ version, product }),
  get: (id: string) => request(ctx.app).get(`/api/admin/products/${id}`).set(staff.headers),
  list: (query: Record<string, string>) => request(ctx.app).get("/api/admin/products").query(query).set(staff.headers),
}

async function created(body: AdminProductForm): Promise<AdminProduct> {
  const response = await admin.create(body)
  expect(response.status, JSON.stringify(response.body)).toBe(201)
  expect(response.headers["cache-control"]).toBe("no-store")
  return response.body.product as AdminProduct
}

/** Polls until `check` holds (the shop follows a change within seconds), failing with the last answer. */
async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not within ${timeoutMs} ms: ${what}`)
    await sleep(200)
  }
}

const inShop = async (id: string) => (await request(ctx.app).get(`/api/products/${id}`)).status === 200
async function inHoodies(id: string): Promise<boolean> {
  const listing = await request(ctx.app)
    .get("/api/products")
    .query({ gender: "MEN", categoryType: "UPPERS", subcategory: "Hoodies", sort: "newest", limit: "100" })
  expect(listing.status).toBe(200)
  return (listing.body.products as ListedProduct[]).some((product) => product.id === id)
}

describe("admin products: who may call", () => {
  const someId = "prod_01JZZZZZZZZZZZZZZZZZZZZZZZ"
  const routes: [string, string][] = [
    ["get", "/api/admin/products"],
    ["post", "/api/admin/products"],
    ["get", `/api/admin/products/${someId}`],
    ["put", `/api/admin/products/${someId}`],
    ["delete", `/api/admin/products/${someId}`],
    ["post", `/api/admin/products/${someId}/duplicate`],
    ["post", "/api/admin/products/bulk-status"],
    ["get", "/api/admin/config/sizes"],
    ["post", "/api/uploads/video"],
  ]
  for (const [method, path] of routes) {
    it(`${method.toUpperCase()} ${path} answers 401 to the anonymous and 403 to a shopper`, async () => {
      const call = (req: request.Test) => req.send({})
      const agent = request(ctx.app)
      const anonymous = await call(agent[method as "get"](path))
      expect(anonymous.status).toBe(401)
      const asShopper = await call(request(ctx.app)[method as "get"](path).set(shopper.headers))
      expect(asShopper.status).toBe(403)
      expect(asShopper.body.message).toBe("You don’t have permission to do that.")
    })
  }
})

describe("admin products: visibility in the shop", () => {
  it("keeps a DRAFT out of the shop, shows it LIVE in its subcategory within seconds, and archiving takes it out", async () => {
    const draft = await created(hoodie({ status: "DRAFT" }))
    expect(draft).toMatchObject({ status: "DRAFT", version: 1, basePrice: 149900, mrp: 199900, isActive: false, gstPercent: 18, weightGrams: 600 })
    expect(draft.variants.map((v) => [v.size, v.stockOnHand])).toEqual([
      ["M", 5],
      ["L", 3],
    ])
    expect(draft.variants[0]!.measurements).toMatchObject({ chest: 40, frontLength: 27, shoulder: 18, sleeve: 25, unit: "in" })
    expect(draft.images).toEqual([expect.objectContaining({ url: imageUrl, altText: "Front view", isPrimary: true, position: 1 })])
    expect(draft.videos).toEqual([{ url: "/media/videos/walk.mp4", altText: "On the street", isPrimary: false, position: 1 }])
    expect(await inShop(draft.id)).toBe(false)

    const published = await admin.update(draft.id, 1, hoodie({ title: draft.title, status: "LIVE" }))
    expect(published.status, JSON.stringify(published.body)).toBe(200)
    expect(published.body.product).toMatchObject({ id: draft.id, status: "LIVE", version: 2, isActive: true })
    await eventually(() => inShop(draft.id), "the LIVE product's page")
    await eventually(() => inHoodies(draft.id), "the LIVE product in Hoodies")
    const page = await request(ctx.app).get(`/api/products/${draft.id}`)
    expect(page.body.product).toMatchObject({ title: draft.title, basePrice: 149900, subcategory: "Hoodies", availableSizes: ["M", "L"] })

    const archived = await request(ctx.app).delete(`/api/admin/products/${draft.id}`).set(staff.headers)
    expect(archived.status).toBe(204)
    await eventually(async () => !(await inShop(draft.id)), "the archived product leaving the shop")
    expect(await inHoodies(draft.id)).toBe(false)
    expect((await admin.get(draft.id)).body.product).toMatchObject({ status: "ARCHIVED", version: 3 })
  })

  it("takes a LIVE product back out of the shop when it is saved as a DRAFT", async () => {
    const live = await created(hoodie())
    await eventually(() => inShop(live.id), "the new LIVE product")
    const drafted = await admin.update(live.id, live.version, hoodie({ title: live.title, status: "DRAFT" }))
    expect(drafted.status).toBe(200)
    await eventually(async () => !(await inShop(live.id)), "the drafted product leaving the shop")
  })

  it("adds, drops and restocks sizes and reprices them; the shop's product page follows", async () => {
    const product = await created(hoodie())
    const form = hoodie({
      title: product.title,
      price: 1299,
      sizes: [
        { size: "L", stock: 0, measurements: null },
        { size: "XL", stock: 7, measurements: { chest: 44 } },
      ],
    })
    const saved = await admin.update(product.id, product.version, form)
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const updated = saved.body.product as AdminProduct
    expect(updated.basePrice).toBe(129900)
    expect(updated.variants.map((v) => [v.size, v.stockOnHand])).toEqual([
      ["L", 0],
      ["XL", 7],
    ])
    expect(updated.variants[1]!.measurements).toMatchObject({ chest: 44 })
    await eventually(async () => {
      const page = await request(ctx.app).get(`/api/products/${product.id}`)
      return page.status === 200 && page.body.product.basePrice === 129900 && page.body.product.availableSizes.join() === "XL"
    }, "the product page with the new sizes and price")
  })
})

describe("admin products: returns", () => {
  /** The product page's answer once the shop shows the product. */
  async function shopProduct(id: string): Promise<Product> {
    await eventually(() => inShop(id), "the LIVE product's page")
    const page = await request(ctx.app).get(`/api/products/${id}`)
    expect(page.status).toBe(200)
    return page.body.product as Product
  }

  it("keeps a product marked not returnable so on the console, its copy and the product page, until it is marked returnable again", async () => {
    const product = await created(hoodie({ returnable: false }))
    expect(product.returnable).toBe(false)
    expect((await admin.get(product.id)).body.product).toMatchObject({ returnable: false })
    expect(await shopProduct(product.id)).toMatchObject({ id: product.id, returnable: false })

    const copy = await request(ctx.app).post(`/api/admin/products/${product.id}/duplicate`).set(staff.headers)
    expect(copy.status, JSON.stringify(copy.body)).toBe(201)
    expect(copy.body.product).toMatchObject({ status: "DRAFT", returnable: false })

    const saved = await admin.update(product.id, product.version, hoodie({ title: product.title, returnable: true }))
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.product).toMatchObject({ returnable: true })
    await eventually(
      async () => (await request(ctx.app).get(`/api/products/${product.id}`)).body.product?.returnable === true,
      "the product page returnable again",
    )
  })

  it("reads a product saved without the flag (before it existed, or by the seed) as returnable", async () => {
    const { metadata, ...rest } = medusaProduct(adminProductInput.parse(hoodie({ title: `Old Hoodie ${word()}` })))
    const { returnable: _returnable, ...oldMetadata } = metadata
    const { product } = await ctx.commerce.internal<{ product: { id: string; metadata: Record<string, unknown> } }>("/internal/admin-products", {
      method: "POST",
      body: { ...rest, metadata: oldMetadata },
    })
    expect(product.metadata).not.toHaveProperty("returnable")
    await ctx.sync.refresh([product.id])

    expect((await admin.get(product.id)).body.product).toMatchObject({ returnable: true })
    expect(await shopProduct(product.id)).toMatchObject({ id: product.id, returnable: true })
  })
})

describe("admin products: scheduled drops", () => {
  const DROP = { startsAt: "2099-12-24T20:00:00+05:30", limitPerShopper: 2 }
  const shopAnswer = async (id: string) => (await request(ctx.app).get(`/api/products/${id}`)).body.product as Product | undefined

  it("keeps a drop through the console's answer, a version-checked edit and the product page, and clears it with null", async () => {
    const product = await created(hoodie({ drop: { startsAt: DROP.startsAt } }))
    expect(product.drop).toEqual({ startsAt: DROP.startsAt, limitPerShopper: 1 })
    expect((await admin.get(product.id)).body.product.drop).toEqual({ startsAt: DROP.startsAt, limitPerShopper: 1 })
    await eventually(async () => (await shopAnswer(product.id))?.drop?.startsAt === DROP.startsAt, "the product page's drop")
    expect((await shopAnswer(product.id))?.drop).toEqual({ startsAt: DROP.startsAt, limitPerShopper: 1 })

    const saved = await admin.update(product.id, product.version, hoodie({ title: product.title, drop: DROP }))
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.product).toMatchObject({ drop: DROP, version: product.version + 1 })
    await eventually(async () => (await shopAnswer(product.id))?.drop?.limitPerShopper === 2, "the product page's new limit")

    // Made from the first version, clearing the drop is refused and the drop stays.
    const stale = await admin.update(product.id, product.version, hoodie({ title: product.title, drop: null }))
    expect(stale.status).toBe(409)
    expect((await admin.get(product.id)).body.product.drop).toEqual(DROP)

    const cleared = await admin.update(product.id, saved.body.product.version, hoodie({ title: product.title, drop: null }))
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200)
    expect(cleared.body.product.drop).toBeNull()
    await eventually(async () => (await shopAnswer(product.id))?.drop === null, "the product page without its drop")
  })

  it("answers a product saved without a drop, or with one Medusa's dashboard garbled, as no drop", async () => {
    const plain = await created(hoodie())
    expect(plain.drop).toBeNull()
    const { metadata, ...rest } = medusaProduct(adminProductInput.parse(hoodie({ title: `Garbled Drop ${word()}` })))
    const { product } = await ctx.commerce.internal<{ product: { id: string } }>("/internal/admin-products", {
      method: "POST",
      body: { ...rest, metadata: { ...metadata, drop: { startsAt: "next friday", limitPerShopper: "lots" } } },
    })
    await ctx.sync.refresh([product.id])
    expect((await admin.get(product.id)).body.product.drop).toBeNull()
    expect(await shopAnswer(product.id)).toMatchObject({ id: product.id, drop: null })
  })

  it("lets no shopper schedule a drop", async () => {
    const product = await created(hoodie())
    const asShopper = await request(ctx.app)
      .put(`/api/admin/products/${product.id}`)
      .set(shopper.headers)
      .send({ version: product.version, product: hoodie({ title: product.title, drop: DROP }) })
    expect(asShopper.status).toBe(403)
    expect((await admin.get(product.id)).body.product).toMatchObject({ drop: null, version: product.version })
  })
})

describe("admin products: declarations", () => {
  const MADE_BY = "Loom Works Pvt Ltd, Plot 12, MIDC, Tiruppur 641604, Tamil Nadu"
  const IMPORTED_BY = "Northstar Imports LLP, 8 Marine Lines, Mumbai 400002 (importer)"

  it("keeps the country of origin and manufacturer through the console, its copy, a version-checked edit and the product page", async () => {
    const product = await created(hoodie({ countryOfOrigin: " India ", manufacturer: MADE_BY }))
    expect(product).toMatchObject({ countryOfOrigin: "India", manufacturer: MADE_BY })
    expect((await admin.get(product.id)).body.product).toMatchObject({ countryOfOrigin: "India", manufacturer: MADE_BY })
    await eventually(() => inShop(product.id), "the LIVE product's page")
    expect((await request(ctx.app).get(`/api/products/${product.id}`)).body.product).toMatchObject({ countryOfOrigin: "India", manufacturer: MADE_BY })

    const copy = await request(ctx.app).post(`/api/admin/products/${product.id}/duplicate`).set(staff.headers)
    expect(copy.body.product).toMatchObject({ status: "DRAFT", countryOfOrigin: "India", manufacturer: MADE_BY })

    const edited = hoodie({ title: product.title, countryOfOrigin: "Bangladesh", manufacturer: IMPORTED_BY })
    const saved = await admin.update(product.id, product.version, edited)
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.product).toMatchObject({ countryOfOrigin: "Bangladesh", manufacturer: IMPORTED_BY })
    await eventually(
      async () => (await request(ctx.app).get(`/api/products/${product.id}`)).body.product?.countryOfOrigin === "Bangladesh",
      "the product page's new country of origin",
    )
    expect((await request(ctx.app).get(`/api/products/${product.id}`)).body.product.manufacturer).toBe(IMPORTED_BY)

    // Made from the first version, an edit of the declarations is refused and changes nothing.
    const stale = await admin.update(product.id, product.version, hoodie({ title: product.title, countryOfOrigin: "China", manufacturer: MADE_BY }))
    expect(stale.status).toBe(409)
    expect((await admin.get(product.id)).body.product).toMatchObject({ countryOfOrigin: "Bangladesh", manufacturer: IMPORTED_BY })
  })

  it("lets a DRAFT clear them, and reads them back as undeclared", async () => {
    const draft = await created(hoodie({ status: "DRAFT", countryOfOrigin: "India", manufacturer: MADE_BY }))
    const cleared = await admin.update(draft.id, draft.version, hoodie({ title: draft.title, status: "DRAFT", countryOfOrigin: " ", manufacturer: null }))
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200)
    expect(cleared.body.product).toMatchObject({ countryOfOrigin: null, manufacturer: null })
    expect((await admin.get(draft.id)).body.product).toMatchObject({ countryOfOrigin: null, manufacturer: null })
  })
})

describe("admin products: validation", () => {
  const cases: [string, Partial<AdminProductForm>, string][] = [
    ["a title of 201 characters", { title: "x".repeat(201) }, `title: ${EDITOR_MESSAGES.titleTooLong}`],
    ["a price of 0", { price: 0 }, `price: ${EDITOR_MESSAGES.price}`],
    ["GST of 29", { gstPercent: 29 }, `gstPercent: ${EDITOR_MESSAGES.gst}`],
    ["GST of 12, the slab apparel left in 2025", { gstPercent: 12 }, `gstPercent: ${EDITOR_MESSAGES.gst}`],
    ["a weight of -1", { weightGrams: -1 }, `weightGrams: ${EDITOR_MESSAGES.weight}`],
    ["stock of 1.5", { sizes: [{ size: "M", stock: 1.5, measurements: null }] }, `sizes.0.stock: ${EDITOR_MESSAGES.stock}`],
    ["a man's product going LIVE without a subcategory", { subcategory: null }, `subcategory: ${EDITOR_MESSAGES.subcategory}`],
    ["a LIVE product without an image or video", { images: [], videos: [] }, `images: ${EDITOR_MESSAGES.media}`],
    ["a LIVE product without sizes", { sizes: [] }, `sizes: ${EDITOR_MESSAGES.sizes}`],
    ["a LIVE product without its country of origin", { countryOfOrigin: null }, `countryOfOrigin: ${EDITOR_MESSAGES.countryOfOrigin}`],
    ["a LIVE product without its manufacturer, packer or importer", { manufacturer: "  " }, `manufacturer: ${EDITOR_MESSAGES.manufacturer}`],
    ["a drop limited to 0 a shopper", { drop: { startsAt: "2026-12-24T20:00:00+05:30", limitPerShopper: 0 } }, `drop.limitPerShopper: ${DROP_MESSAGES.limit}`],
    ["a drop starting at a time without its offset", { drop: { startsAt: "2026-12-24T20:00:00" } }, `drop.startsAt: ${DROP_MESSAGES.startsAt}`],
  ]
  for (const [what, overrides, message] of cases) {
    it(`refuses ${what} with a 400 naming the field, on create and on update`, async () => {
      const response = await admin.create(hoodie(overrides))
      expect(response.status).toBe(400)
      expect(response.body.message).toContain(message)
      const update = await admin.update("prod_01JZZZZZZZZZZZZZZZZZZZZZZZ", 1, hoodie(overrides))
      expect(update.status).toBe(400)
      expect(update.body.message).toContain(`product.${message}`)
    })
  }

  it("lets a DRAFT be incomplete: a title is enough", async () => {
    const draft = await created({ title: `Bare draft ${word()}`, status: "DRAFT" })
    expect(draft).toMatchObject({ status: "DRAFT", basePrice: 0, variants: [], images: [], videos: [] })
  })

  it("answers 404 for a product that does not exist", async () => {
    const missing = "prod_01JZZZZZZZZZZZZZZZZZZZZZZZ"
    expect((await admin.get(missing)).status).toBe(404)
    expect((await admin.update(missing, 1, hoodie())).status).toBe(404)
    expect((await request(ctx.app).delete(`/api/admin/products/${missing}`).set(staff.headers)).status).toBe(404)
    expect((await request(ctx.app).get("/api/admin/products/not-an-id").set(staff.headers)).status).toBe(400)
  })
})

describe("admin products: versions", () => {
  it("refuses an update made from an old version with 409 and changes nothing", async () => {
    const product = await created(hoodie({ status: "DRAFT" }))
    expect((await admin.update(product.id, 1, hoodie({ title: `${product.title} v2`, status: "DRAFT" }))).status).toBe(200)
    const stale = await admin.update(product.id, 1, hoodie({ title: `${product.title} stale`, status: "DRAFT" }))
    expect(stale.status).toBe(409)
    expect(stale.body).toMatchObject({ code: "conflict", message: STALE_PRODUCT_MESSAGE })
    expect((await admin.get(product.id)).body.product).toMatchObject({ title: `${product.title} v2`, version: 2 })
  })

  it("lets exactly one of two updates racing from the same version win", async () => {
    const product = await created(hoodie({ status: "DRAFT" }))
    const [a, b] = await Promise.all([
      admin.update(product.id, 1, hoodie({ title: `${product.title} A`, status: "DRAFT" })),
      admin.update(product.id, 1, hoodie({ title: `${product.title} B`, status: "DRAFT" })),
    ])
    expect([a.status, b.status].sort()).toEqual([200, 409])
    const winner = a.status === 200 ? a : b
    const now = (await admin.get(product.id)).body.product as AdminProduct
    expect(now).toMatchObject({ title: winner.body.product.title, version: 2 })
  })

  it("counts a status change as a new version, so a form loaded before it can't undo it", async () => {
    const product = await created(hoodie({ status: "DRAFT" }))
    const bulk = await request(ctx.app)
      .post("/api/admin/products/bulk-status")
      .set(staff.headers)
      .send({ ids: [product.id], status: "LIVE" })
    expect(bulk.status).toBe(200)
    expect((await admin.update(product.id, 1, hoodie({ title: product.title, status: "DRAFT" }))).status).toBe(409)
  })
})

describe("admin products: duplicate, bulk status, list", () => {
  it("duplicates a product as a DRAFT with its sizes, stock, measurements and media", async () => {
    const original = await created(hoodie())
    const response = await request(ctx.app).post(`/api/admin/products/${original.id}/duplicate`).set(staff.headers)
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    const copy = response.body.product as AdminProduct
    expect(copy.id).not.toBe(original.id)
    expect(copy).toMatchObject({ title: `${original.title} (copy)`, status: "DRAFT", version: 1, basePrice: original.basePrice, subcategory: "Hoodies" })
    expect(copy.variants.map((v) => [v.size, v.stockOnHand, v.measurements])).toEqual(original.variants.map((v) => [v.size, v.stockOnHand, v.measurements]))
    expect(copy.images.map((i) => [i.url, i.altText, i.isPrimary])).toEqual(original.images.map((i) => [i.url, i.altText, i.isPrimary]))
    expect(copy.videos).toEqual(original.videos)
    expect(await inShop(copy.id)).toBe(false)
  })

  it("sets many products' status at once and answers how many changed", async () => {
    const [a, b] = [await created(hoodie({ status: "DRAFT" })), await created(hoodie({ status: "DRAFT" }))]
    const response = await request(ctx.app)
      .post("/api/admin/products/bulk-status")
      .set(staff.headers)
      .send({ ids: [a.id, b.id, "prod_01JZZZZZZZZZZZZZZZZZZZZZZZ"], status: "LIVE" })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ updated: 2 })
    await eventually(async () => (await inShop(a.id)) && (await inShop(b.id)), "both published products")
    const archive = await request(ctx.app)
      .post("/api/admin/products/bulk-status")
      .set(staff.headers)
      .send({ ids: [a.id, b.id], status: "ARCHIVED" })
    expect(archive.body).toEqual({ updated: 2 })
    await eventually(async () => !(await inShop(a.id)) && !(await inShop(b.id)), "both archived products leaving the shop")
    expect((await request(ctx.app).post("/api/admin/products/bulk-status").set(staff.headers).send({ ids: [], status: "LIVE" })).status).toBe(400)
  })

  it("filters by status, searches titles, pages and counts", async () => {
    const tag = word()
    const drafts = [
      await created(hoodie({ title: `Search ${tag} one`, status: "DRAFT" })),
      await created(hoodie({ title: `Search ${tag} two`, status: "DRAFT" })),
    ]
    const live = await created(hoodie({ title: `Search ${tag.toUpperCase()} three` }))
    const all = await admin.list({ q: tag })
    expect(all.status).toBe(200)
    expect(all.headers["cache-control"]).toBe("no-store")
    const body = all.body as AdminProductList
    expect(body.total).toBe(3)
    expect(body.products.map((p) => p.id).sort()).toEqual([...drafts, live].map((p) => p.id).sort())
    expect(body.products[0]).toHaveProperty("version")

    const onlyDrafts = (await admin.list({ q: tag, status: "DRAFT" })).body as AdminProductList
    expect(onlyDrafts.total).toBe(2)
    expect(onlyDrafts.products.every((p) => p.status === "DRAFT")).toBe(true)
    expect(((await admin.list({ q: tag, status: "LIVE" })).body as AdminProductList).products.map((p) => p.id)).toEqual([live.id])

    const first = (await admin.list({ q: tag, limit: "2", offset: "0" })).body as AdminProductList
    const second = (await admin.list({ q: tag, limit: "2", offset: "2" })).body as AdminProductList
    expect([first.products.length, second.products.length, first.total, second.total]).toEqual([2, 1, 3, 3])
    expect(new Set([...first.products, ...second.products].map((p) => p.id)).size).toBe(3)
    expect((await admin.list({ q: `${tag}%_` })).body.total).toBe(0)
    expect((await admin.list({ limit: "0" })).status).toBe(400)
  })

  it("answers the sizes the editor offers", async () => {
    const response = await request(ctx.app).get("/api/admin/config/sizes").set(staff.headers)
    expect(response.status).toBe(200)
    expect(response.headers["cache-control"]).toBe("no-store")
    expect(response.body).toEqual({ items: [...SIZES] })
  })
})

describe("admin products: Medusa stopped", () => {
  // The same database, Redis and token secret, with Medusa's address a closed port: the staff token made on
  // the working app signs in here too.
  let broken: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    broken = await createTestApp({ MEDUSA_URL: "http://127.0.0.1:1" })
  })
  afterAll(() => broken.close())

  it("answers every product call with a 503 saying nothing was saved, never a 500, and writes nothing", async () => {
    const product = await created(hoodie())
    await eventually(() => inShop(product.id), "the published product in the shop")
    const readModel = async () =>
      (
        await ctx.db.query(`select c.title, c.base_price, d.document from bff.catalog_products c join bff.catalog_documents d on d.id = c.id where c.id = $1`, [
          product.id,
        ])
      ).rows
    const before = await readModel()
    expect(before).toHaveLength(1)
    const title = `Unsaved ${word()}`
    const calls: [string, request.Test][] = [
      ["list", request(broken.app).get("/api/admin/products")],
      ["get", request(broken.app).get(`/api/admin/products/${product.id}`)],
      ["create", request(broken.app).post("/api/admin/products").send(hoodie({ title }))],
      [
        "update",
        request(broken.app)
          .put(`/api/admin/products/${product.id}`)
          .send({ version: product.version, product: hoodie({ title, status: "DRAFT" }) }),
      ],
      ["duplicate", request(broken.app).post(`/api/admin/products/${product.id}/duplicate`)],
      [
        "bulk status",
        request(broken.app)
          .post("/api/admin/products/bulk-status")
          .send({ ids: [product.id], status: "ARCHIVED" }),
      ],
      ["archive", request(broken.app).delete(`/api/admin/products/${product.id}`)],
    ]
    for (const [what, call] of calls) {
      const response = await call.set(staff.headers)
      expect(response.status, `${what}: ${JSON.stringify(response.body)}`).toBe(503)
      expect(response.body, what).toEqual({ error: COMMERCE_UNAVAILABLE_MESSAGE, message: COMMERCE_UNAVAILABLE_MESSAGE, code: "service_unavailable" })
    }

    expect(await readModel()).toEqual(before)
    expect((await ctx.db.query("select 1 from bff.catalog_products where title = $1", [title])).rowCount).toBe(0)
    const kept = await admin.get(product.id)
    expect(kept.body.product).toMatchObject({ title: product.title, status: "LIVE", version: product.version })
    expect(await inShop(product.id)).toBe(true)
    expect(((await admin.list({ q: title })).body as AdminProductList).total).toBe(0)
  })
})
