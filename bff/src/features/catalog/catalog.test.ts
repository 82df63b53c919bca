import sharp from "sharp"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestApp } from "../../../test/app.js"
import { isSeeded } from "../../../test/catalog.js"
import { listingDocument } from "./product.js"
import {
  COLLAR_STYLES,
  COLOR_NAMES,
  FABRICS,
  GENRES,
  PRICE_RANGES,
  SEASON_FITS,
  SLEEVE_TYPES,
  SUBCATEGORIES,
  type ListedProduct,
  type Product,
} from "@fitshop/contracts"
import { databaseClock, upsertProducts } from "./read-model.js"

let ctx: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

async function listAll(query: Record<string, string> = {}): Promise<{ products: ListedProduct[]; total: number }> {
  const response = await request(ctx.app)
    .get("/api/products")
    .query({ limit: "100", ...query })
  expect(response.status).toBe(200)
  return response.body
}

async function firstSeeded(): Promise<ListedProduct> {
  const seeded = (await listAll()).products.find(isSeeded)
  expect(seeded).toBeDefined()
  return seeded!
}

describe("GET /api/products", () => {
  it("returns the seeded catalogue in the spec's Product shape with money in paise", async () => {
    const { products, total } = await listAll()
    expect(total).toBeGreaterThanOrEqual(60)
    expect(products.length).toBe(Math.min(total, 100))
    expect(products.filter(isSeeded).length).toBeGreaterThanOrEqual(60)
    for (const product of products) {
      expect(product.basePrice).toBeGreaterThan(0)
      expect(Number.isInteger(product.basePrice)).toBe(true)
      // A card shows one picture: listings send the primary image; the gallery is on the product page.
      expect(product.images).toHaveLength(1)
      expect(product.images[0]!.isPrimary).toBe(true)
      // Listings send cards: variants (ids, stock, the size guide's measurements), the description, care
      // details, whether it may be returned, handle and SKU are on the product page.
      const pageOnly = [
        "variants",
        "description",
        "washInstructions",
        "weightGrams",
        "gstPercent",
        "returnable",
        "countryOfOrigin",
        "manufacturer",
        "videos",
        "handle",
        "sku",
      ]
      for (const field of pageOnly) {
        expect(product).not.toHaveProperty(field)
      }
    }
    for (const product of products.filter(isSeeded)) {
      expect(product.basePrice % 100).toBe(0)
      expect(product.imageUrl).toMatch(/^\/media\/products\/.+\.webp$/)
      expect(product.sizes).toEqual(["XS", "S", "M", "L", "XL", "XXL", "XXXL"])
      expect(product.availableSizes.every((size) => product.sizes.includes(size))).toBe(true)
      for (const field of ["colorName", "colorHex", "fabric", "collarStyle", "sleeveType", "seasonFit", "genre"] as const) {
        expect(product[field], `${product.title} ${field}`).toBeTruthy()
      }
      if (product.mrp !== null) expect(product.mrp).toBeGreaterThan(product.basePrice)
    }
    expect(products.some((product) => product.mrp !== null)).toBe(true)
    expect(products.some((product) => product.availableSizes.length < product.sizes.length)).toBe(true)
  })

  it("filters by gender, type and subcategory through the category tree", async () => {
    for (const [type, subcategories] of Object.entries(SUBCATEGORIES)) {
      for (const subcategory of subcategories) {
        const { products } = await listAll({ gender: "MEN", categoryType: type, subcategory })
        expect(products.length, `${type} ${subcategory}`).toBeGreaterThanOrEqual(4)
        expect(products.every((p) => p.gender === "MEN" && p.categoryType === type && p.subcategory === subcategory)).toBe(true)
      }
    }
    for (const styleGroup of ["WESTERN", "TRADITIONS"]) {
      const { products } = await listAll({ gender: "WOMEN", styleGroup })
      expect(products.length, styleGroup).toBeGreaterThanOrEqual(4)
      expect(products.every((p) => p.gender === "WOMEN" && p.styleGroup === styleGroup)).toBe(true)
    }
  })

  it("answers a repeat with 304 when the browser already has the listing (ETag)", async () => {
    const first = await request(ctx.app).get("/api/products").query({ limit: "5" })
    expect(first.headers.etag).toMatch(/^W\/"/)
    expect(first.headers["content-encoding"]).toBe("gzip")
    expect(first.body.products).toHaveLength(5)
    const plain = await request(ctx.app).get("/api/products").query({ limit: "5" }).set("Accept-Encoding", "identity")
    expect(plain.headers["content-encoding"]).toBeUndefined()
    expect(plain.body.products).toEqual(first.body.products)
    const again = await request(ctx.app).get("/api/products").query({ limit: "5" }).set("If-None-Match", String(first.headers.etag))
    expect(again.status).toBe(304)
    const other = await request(ctx.app).get("/api/products").query({ limit: "6" }).set("If-None-Match", String(first.headers.etag))
    expect(other.status).toBe(200)
  })

  it("answers HEAD with the headers alone, sends the security headers, and leaves other methods to the router", async () => {
    const get = await request(ctx.app).get("/api/products").query({ limit: "5" }).set("Accept-Encoding", "identity")
    expect(get.headers["x-content-type-options"]).toBe("nosniff")
    expect(get.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin")
    const head = await request(ctx.app).head("/api/products").query({ limit: "5" }).set("Accept-Encoding", "identity")
    expect(head.status).toBe(200)
    expect(head.headers.etag).toBe(get.headers.etag)
    expect(head.headers["content-length"]).toBe(get.headers["content-length"])
    expect(head.text ?? "").toBe("")
    const slash = await request(ctx.app).get("/api/products/").query({ limit: "5" }).set("Accept-Encoding", "identity")
    expect(slash.headers.etag).toBe(get.headers.etag)
    const post = await request(ctx.app).post("/api/products").send({})
    expect(post.status).toBe(404)
    expect(post.body).toMatchObject({ code: "not_found", error: "No route for POST /api/products" })
  })

  it("pages with limit and offset", async () => {
    const first = await request(ctx.app).get("/api/products").query({ limit: "5", offset: "0" })
    const second = await request(ctx.app).get("/api/products").query({ limit: "5", offset: "5" })
    expect(first.body.products).toHaveLength(5)
    expect(second.body.products).toHaveLength(5)
    const ids = new Set([...first.body.products, ...second.body.products].map((p: Product) => p.id))
    expect(ids.size).toBe(10)
  })

  it.each([
    [{ limit: "0" }, "limit"],
    [{ limit: "101" }, "limit"],
    [{ limit: "ten" }, "limit"],
    [{ offset: "-1" }, "offset"],
    [{ gender: "KIDS" }, "gender"],
    [{ categoryType: "HATS" }, "categoryType"],
    [{ subcategory: "Socks" }, "subcategory"],
    [{ categoryType: "UPPERS", subcategory: "Jeans" }, "subcategory"],
    [{ styleGroup: "BOHO" }, "styleGroup"],
    [{ active: "false" }, "active"],
    [{ sort: "cheapest" }, "sort"],
    [{ priceRange: "0-100" }, "priceRange"],
    [{ collarStyle: "V_NECK" }, "collarStyle"],
    [{ sleeveType: "NONE" }, "sleeveType"],
    [{ fabric: "cotton" }, "fabric"],
    [{ colorName: "Purple" }, "colorName"],
    [{ seasonFit: "SPRING" }, "seasonFit"],
    [{ genre: "DC" }, "genre"],
  ])("rejects %o with a 400 naming %s", async (query, field) => {
    const response = await request(ctx.app).get("/api/products").query(query)
    expect(response.status).toBe(400)
    expect(response.body.code).toBe("bad_request")
    expect(response.body.message).toContain(field)
  })

  it("names the allowed values of a filter it refuses", async () => {
    const response = await request(ctx.app).get("/api/products").query({ fabric: "Silk" })
    expect(response.body.message).toBe("fabric: must be one of Cotton, Polyester, Denim, Wool, Blend")
  })

  it.each([
    ["collarStyle", COLLAR_STYLES],
    ["sleeveType", SLEEVE_TYPES],
    ["fabric", FABRICS],
    ["colorName", COLOR_NAMES],
    ["seasonFit", SEASON_FITS],
    ["genre", GENRES],
  ] as const)("filters by %s", async (field, values) => {
    let seen = 0
    for (const value of values) {
      const { products, total } = await listAll({ [field]: value })
      expect(
        products.every((p) => p[field] === value),
        `${field}=${value}`,
      ).toBe(true)
      expect(total).toBe(products.length)
      // The seeded products only: other test files publish products into the catalogue meanwhile.
      seen += products.filter(isSeeded).length
    }
    expect(seen).toBe((await listAll()).products.filter(isSeeded).length)
  })

  it("filters by price range on the selling price, lower bound in, upper bound out", async () => {
    let seen = 0
    for (const [range, [min, max]] of Object.entries(PRICE_RANGES)) {
      const { products } = await listAll({ priceRange: range })
      for (const p of products) {
        expect(p.basePrice, range).toBeGreaterThanOrEqual(min * 100)
        if (max !== null) expect(p.basePrice, range).toBeLessThan(max * 100)
      }
      seen += products.length
    }
    expect(seen).toBe((await listAll()).total)
  })

  it("sorts by price both ways and by newest; combines filters with a sort", async () => {
    const asc = (await listAll({ sort: "price_asc" })).products.map((p) => p.basePrice)
    expect(asc).toEqual([...asc].sort((a, b) => a - b))
    const desc = (await listAll({ sort: "price_desc" })).products.map((p) => p.basePrice)
    expect(desc).toEqual([...desc].sort((a, b) => b - a))
    const newest = (await listAll({ sort: "newest" })).products.map((p) => p.createdAt)
    expect(newest).toEqual([...newest].sort().reverse())
    const combined = await listAll({ gender: "MEN", fabric: "Cotton", sleeveType: "HALF", sort: "price_desc" })
    expect(combined.products.length).toBeGreaterThan(0)
    expect(combined.products.every((p) => p.gender === "MEN" && p.fabric === "Cotton" && p.sleeveType === "HALF")).toBe(true)
  })

  it("keeps the total when the offset passes the end", async () => {
    const { total } = await listAll()
    const response = await request(ctx.app)
      .get("/api/products")
      .query({ offset: String(total + 10) })
    expect(response.body).toEqual({ products: [], total })
  })
})

describe("GET /api/products/:id", () => {
  it("returns one product with everything its page needs: gallery, sizes, measurements, description, care and declarations", async () => {
    const listed = await firstSeeded()
    const response = await request(ctx.app).get(`/api/products/${listed.id}`)
    expect(response.status).toBe(200)
    const product = response.body.product as Product
    expect(listingDocument(product)).toEqual(listed)
    expect(product.variants.every((variant) => variant.measurements?.unit === "in")).toBe(true)
    expect(product.variants.map((variant) => variant.size)).toEqual(["XS", "S", "M", "L", "XL", "XXL", "XXXL"])
    expect(product.availableSizes).toEqual(product.variants.filter((v) => v.stockOnHand > 0).map((v) => v.size))
    expect(product.images.length).toBeGreaterThanOrEqual(2)
    expect(product.images.filter((image) => image.isPrimary)).toHaveLength(1)
    expect(product.description).toBeTruthy()
    expect(product.washInstructions).toBeTruthy()
    expect(product.weightGrams).toBeGreaterThan(0)
    // The seed's declarations, carried from Medusa's metadata by the read model's full build.
    expect(product.countryOfOrigin).toBe("India")
    expect(product.manufacturer).toMatch(/^Build Your Fit Retail Private Limited \(demo\), .+ Mumbai 400013/)
    expect((await request(ctx.app).get(`/api/products/${product.id}/`)).body.product.id).toBe(product.id)
  })

  it("recommends 'More {subcategory}' (up to 12) and fills 'You might also like' to 18 in all", async () => {
    const [hoodie] = (await listAll({ gender: "MEN", categoryType: "UPPERS", subcategory: "Hoodies", limit: "1" })).products
    const { body } = await request(ctx.app).get(`/api/products/${hoodie!.id}`)
    const { more, alsoLike } = body.recommendations as { more: Product[]; alsoLike: Product[] }
    expect(more.length).toBeGreaterThanOrEqual(3)
    expect(more.length).toBeLessThanOrEqual(12)
    expect(more.every((p) => p.subcategory === "Hoodies" && p.gender === "MEN")).toBe(true)
    expect(more.length + alsoLike.length).toBe(18)
    expect(alsoLike.every((p) => p.subcategory !== "Hoodies" && p.gender === "MEN")).toBe(true)
    expect(alsoLike[0]!.categoryType).toBe("UPPERS")
    const ids = [hoodie!.id, ...more.map((p) => p.id), ...alsoLike.map((p) => p.id)]
    expect(new Set(ids).size).toBe(ids.length)
  })

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    const missing = await request(ctx.app).get("/api/products/prod_01AAAAAAAAAAAAAAAAAAAAAAAA")
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual({ error: "Product not found", message: "Product not found", code: "not_found" })
    const malformed = await request(ctx.app).get("/api/products/'; drop table product;--")
    expect(malformed.status).toBe(400)
    expect(malformed.body.code).toBe("bad_request")
  })
})

describe("POST /api/internal/catalog/changed", () => {
  it("refreshes the named products in the read model, and only for commerce's secret", async () => {
    // A product no other test file reads, since this one leaves the shared read model for a moment.
    const id = (await listAll({ sort: "newest" })).products.filter(isSeeded)[7]!.id
    await ctx.db.query("delete from bff.catalog_products where id = $1", [id])
    await ctx.cache.invalidate()
    expect((await request(ctx.app).get(`/api/products/${id}`)).status).toBe(404)
    const refused = await request(ctx.app.internal)
      .post("/api/internal/catalog/changed")
      .set("x-internal-secret", "guess")
      .send({ productIds: [id] })
    expect(refused.status).toBe(403)
    const changed = await request(ctx.app.internal)
      .post("/api/internal/catalog/changed")
      .set("x-internal-secret", ctx.config.INTERNAL_API_SECRET)
      .send({ productIds: [id] })
    expect(changed.status).toBe(204)
    expect((await request(ctx.app).get(`/api/products/${id}`)).status).toBe(200)
  })
})

describe("the read model's writes", () => {
  it("keep the newest read of Medusa: an older read finishing later changes nothing, and synced_at is the read's time", async () => {
    const listed = (await listAll({ sort: "newest" })).products.filter(isSeeded)[8]!
    const product = (await request(ctx.app).get(`/api/products/${listed.id}`)).body.product as Product
    const newer = await databaseClock(ctx.db)
    const older = new Date(newer.getTime() - 60_000)
    await upsertProducts(ctx.db, [product], newer)
    await upsertProducts(ctx.db, [{ ...product, title: "A stale read" }], older)
    const { rows } = await ctx.db.query(
      "select c.title, c.synced_at, d.document->>'title' as document_title from bff.catalog_products c join bff.catalog_documents d using (id) where id = $1",
      [product.id],
    )
    expect(rows[0]).toEqual({ title: product.title, synced_at: newer, document_title: product.title })
  })
})

describe("response cache", () => {
  it("answers from the cache until the read model changes, and a change notice empties it", async () => {
    const { id, title } = (await listAll({ sort: "price_desc" })).products.filter(isSeeded)[3]!
    const get = async () => (await request(ctx.app).get(`/api/products/${id}`)).body.product.title as string
    expect(await get()).toBe(title)
    await ctx.db.query(`update bff.catalog_documents set document = jsonb_set(document::jsonb, '{title}', '"Stale"')::json where id = $1`, [id])
    expect(await get()).toBe(title)
    await ctx.cache.invalidate()
    expect(await get()).toBe("Stale")
    await request(ctx.app.internal)
      .post("/api/internal/catalog/changed")
      .set("x-internal-secret", ctx.config.INTERNAL_API_SECRET)
      .send({ productIds: [id] })
    expect(await get()).toBe(title)
  })
})

describe("/media", () => {
  it("serves each image at the srcset widths, made once with sharp, and refuses other widths and escapes", async () => {
    const image = (await firstSeeded()).images[0]!
    expect(image.srcSet).toBe([320, 480, 800].map((w) => `${image.url}?w=${w} ${w}w`).join(", "))
    const small = await request(ctx.app)
      .get(`${image.url}?w=320`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = []
        res.on("data", (chunk: Buffer) => chunks.push(chunk))
        res.on("end", () => done(null, Buffer.concat(chunks)))
      })
    expect(small.status).toBe(200)
    expect(small.headers["content-type"]).toBe("image/webp")
    expect((await sharp(small.body as Buffer).metadata()).width).toBe(320)
    const refused = await request(ctx.app).get(`${image.url}?w=123`)
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({ error: "w must be one of 320, 480, 800", message: "w must be one of 320, 480, 800", code: "bad_request" })
    expect((await request(ctx.app).get("/media/..%2F..%2Fetc%2Fpasswd?w=320")).status).toBe(404)
    expect((await request(ctx.app).get("/media/.variants/320/x.webp")).status).toBe(404)
  })

  it("serves the seed's generated product images", async () => {
    const response = await request(ctx.app).get((await firstSeeded()).imageUrl!)
    expect(response.status).toBe(200)
    expect(response.headers["content-type"]).toBe("image/webp")
    expect(response.body.length).toBeGreaterThan(1000)
  })
})
