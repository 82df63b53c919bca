import { addressAnswerSchema, addressesAnswerSchema } from "@fitshop/contracts"
import type { RequestListener } from "node:http"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest"
import { signedUpUser } from "../../../test/accounts.js"
import { createTestApp } from "../../../test/app.js"

let ctx: Awaited<ReturnType<typeof createTestApp>>
let app: RequestListener
beforeAll(async () => {
  ctx = await createTestApp()
  app = ctx.app
})
afterAll(() => ctx.close())

const auth = (token: string) => ({ Authorization: `Bearer ${token}` })

const home = {
  fullName: "Asha Rao Kumar",
  phone: "+91 98765-43210",
  line1: "12 MG Road",
  line2: "Near the metro",
  city: "Bengaluru",
  state: "Karnataka",
  postalCode: "560001",
}
const office = {
  label: "Work",
  fullName: "Asha Kumar",
  phone: "9123456789",
  line1: "4 Park Street",
  city: "Kolkata",
  state: "West Bengal",
  postalCode: "700016",
}

async function shopper(label: string) {
  const user = await signedUpUser(ctx.app, label)
  const as = auth(user.accessToken)
  return {
    ...user,
    list: async () => {
      const response = await request(app).get("/api/addresses").set(as)
      expect(response.status).toBe(200)
      expect(response.headers["cache-control"]).toBe("no-store")
      // Strictly: a member renamed, missing or added on either side fails every test that lists addresses.
      const parsed = addressesAnswerSchema.safeParse(response.body)
      expect(parsed.success ? [] : parsed.error.issues).toEqual([])
      return response.body.addresses as { id: string; label: string; isDefault: boolean }[]
    },
    create: (body: object) => request(app).post("/api/addresses").set(as).send(body),
    put: (id: string, body: object) => request(app).put(`/api/addresses/${id}`).set(as).send(body),
    patch: (id: string, body: object) => request(app).patch(`/api/addresses/${id}`).set(as).send(body),
    remove: (id: string) => request(app).delete(`/api/addresses/${id}`).set(as),
    makeDefault: (id: string) => request(app).post(`/api/addresses/${id}/default`).set(as),
  }
}

async function medusaRows(addressIds: string[]) {
  const { rows } = await ctx.db.query(
    `select id, address_name, first_name, last_name, phone, address_1, province, postal_code, country_code,
            is_default_shipping, is_default_billing, metadata
       from public.customer_address where id = any($1) and deleted_at is null`,
    [addressIds],
  )
  return rows
}

describe("addresses", () => {
  it("needs sign-in on every route", async () => {
    const calls = [
      request(app).get("/api/addresses"),
      request(app).post("/api/addresses").send(home),
      request(app).put("/api/addresses/cuaddr_1").send(home),
      request(app).patch("/api/addresses/cuaddr_1").send({ city: "Pune" }),
      request(app).delete("/api/addresses/cuaddr_1"),
      request(app).post("/api/addresses/cuaddr_1/default"),
    ]
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(401)
      expect(response.body).toMatchObject({ error: "Please sign in.", code: "unauthorized" })
    }
  })

  it("saves the first address as the default, in the shopper's Medusa customer, with the phone as 10 digits", async () => {
    const asha = await shopper("addr1")
    expect(await asha.list()).toEqual([])
    const created = await asha.create(home)
    expect(created.status).toBe(201)
    const parsed = addressAnswerSchema.safeParse(created.body)
    expect(parsed.success ? [] : parsed.error.issues).toEqual([])
    expect(created.body.address).toEqual({
      id: expect.stringMatching(/^cuaddr_/),
      label: "Home",
      fullName: "Asha Rao Kumar",
      phone: "9876543210",
      line1: "12 MG Road",
      line2: "Near the metro",
      city: "Bengaluru",
      state: "Karnataka",
      postalCode: "560001",
      country: "India",
      isDefault: true,
    })
    expect(await asha.list()).toEqual([created.body.address])
    const { rows: customer } = await ctx.db.query("select medusa_customer_id from bff.users where id = $1", [asha.user.id])
    const { rows: owner } = await ctx.db.query("select customer_id from public.customer_address where id = $1", [created.body.address.id])
    expect(owner[0].customer_id).toBe(customer[0].medusa_customer_id)
    expect(await medusaRows([created.body.address.id])).toEqual([
      {
        id: created.body.address.id,
        address_name: "Home",
        first_name: "Asha Rao",
        last_name: "Kumar",
        phone: "9876543210",
        address_1: "12 MG Road",
        province: "Karnataka",
        postal_code: "560001",
        country_code: "in",
        is_default_shipping: true,
        is_default_billing: true,
        metadata: { fullName: "Asha Rao Kumar" },
      },
    ])
  })

  it("keeps one default: a new address marked default takes it; the list is the default first, then newest first", async () => {
    const asha = await shopper("addr2")
    const first = (await asha.create(home)).body.address
    const second = await asha.create({ ...office, isDefault: false })
    expect(second.status).toBe(201)
    expect(second.body.address).toMatchObject({ label: "Work", isDefault: false, line2: null })
    const third = await asha.create({ ...office, label: "Parents", isDefault: true })
    expect(third.body.address.isDefault).toBe(true)
    expect((await asha.list()).map((a) => [a.id, a.isDefault])).toEqual([
      [third.body.address.id, true],
      [second.body.address.id, false],
      [first.id, false],
    ])
    const rows = await medusaRows([first.id, second.body.address.id, third.body.address.id])
    expect(rows.filter((row) => row.is_default_shipping).map((row) => row.id)).toEqual([third.body.address.id])
    expect(rows.filter((row) => row.is_default_billing).map((row) => row.id)).toEqual([third.body.address.id])
  })

  it("PUT replaces the whole address; PATCH changes only the fields given and checks the result", async () => {
    const asha = await shopper("addr3")
    const { id } = (await asha.create(home)).body.address
    const put = await asha.put(id, { ...office, country: "india" })
    expect(put.status).toBe(200)
    expect(put.body.address).toEqual({ id, ...office, line2: null, country: "India", isDefault: true })
    const patched = await asha.patch(id, { city: "  Pune ", postalCode: "411 001", fullName: "Asha" })
    expect(patched.status).toBe(200)
    expect(patched.body.address).toEqual({ ...put.body.address, city: "Pune", postalCode: "411001", fullName: "Asha" })
    expect((await medusaRows([id]))[0]).toMatchObject({ first_name: "Asha", last_name: null, metadata: { fullName: "Asha" } })
    const badPatch = await asha.patch(id, { postalCode: "012345" })
    expect(badPatch.status).toBe(400)
    expect(badPatch.body.error).toBe("postalCode: Enter a 6-digit pincode that does not start with 0")
    expect((await asha.list())[0]).toEqual(patched.body.address)
  })

  it("keeps the default when an edit sends isDefault false; PATCH {isDefault: true} and POST /default move it", async () => {
    const asha = await shopper("addr4")
    const a = (await asha.create(home)).body.address
    const b = (await asha.create(office)).body.address
    expect((await asha.put(a.id, { ...home, isDefault: false })).body.address.isDefault).toBe(true)
    const patched = await asha.patch(b.id, { isDefault: true })
    expect(patched.status).toBe(200)
    expect(patched.body.address).toMatchObject({ id: b.id, isDefault: true })
    expect((await asha.list()).map((x) => [x.id, x.isDefault])).toEqual([
      [b.id, true],
      [a.id, false],
    ])
    const moved = await asha.makeDefault(a.id)
    expect(moved.status).toBe(200)
    expect(moved.body.address).toMatchObject({ id: a.id, label: "Home", isDefault: true })
    expect((await asha.list()).map((x) => [x.id, x.isDefault])).toEqual([
      [a.id, true],
      [b.id, false],
    ])
    expect((await asha.makeDefault(a.id)).status).toBe(200)
  })

  it("deleting the default passes it to the most recently created address left", async () => {
    const asha = await shopper("addr5")
    const oldest = (await asha.create(home)).body.address
    const middle = (await asha.create({ ...office, label: "Middle" })).body.address
    const newest = (await asha.create({ ...office, label: "Newest" })).body.address
    expect((await asha.makeDefault(middle.id)).status).toBe(200)
    const deleted = await asha.remove(middle.id)
    expect(deleted.status).toBe(204)
    expect(deleted.text).toBe("")
    expect((await asha.list()).map((x) => [x.id, x.isDefault])).toEqual([
      [newest.id, true],
      [oldest.id, false],
    ])
    expect((await asha.remove(oldest.id)).status).toBe(204)
    expect((await asha.list()).map((x) => [x.id, x.isDefault])).toEqual([[newest.id, true]])
    expect((await asha.remove(newest.id)).status).toBe(204)
    expect(await asha.list()).toEqual([])
    expect((await asha.remove(newest.id)).status).toBe(404)
    expect(await medusaRows([oldest.id, middle.id, newest.id])).toEqual([])
  })

  it("refuses a bad pincode, phone, missing fields and a country outside India, naming the field; nothing is saved", async () => {
    const asha = await shopper("addr6")
    const cases: [object, string][] = [
      [{ ...home, postalCode: "012345" }, "postalCode: Enter a 6-digit pincode that does not start with 0"],
      [{ ...home, postalCode: "56001" }, "postalCode: Enter a 6-digit pincode that does not start with 0"],
      [{ ...home, postalCode: "5600011" }, "postalCode: Enter a 6-digit pincode that does not start with 0"],
      [{ ...home, phone: "12345" }, "phone: Enter a 10-digit mobile number"],
      [{ ...home, phone: "5876543210" }, "phone: Enter a 10-digit mobile number"],
      [{ ...home, phone: "+1 415 555 0100" }, "phone: Enter a 10-digit mobile number"],
      [{ ...home, country: "Nepal" }, "country: We deliver only within India."],
      [{ ...home, city: "   " }, "city: Enter the city"],
      [{ ...home, fullName: "x".repeat(101) }, "fullName: Use at most 100 characters"],
    ]
    for (const [body, message] of cases) {
      const response = await asha.create(body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(response.body).toMatchObject({ error: message, message, code: "bad_request" })
    }
    const empty = await asha.create({})
    expect(empty.status).toBe(400)
    for (const field of ["fullName", "phone", "line1", "city", "state", "postalCode"]) expect(empty.body.error).toContain(`${field}: `)
    expect(empty.body.error).not.toContain("line2")
    expect((await asha.put("cuaddr_1", { city: "Pune" })).status).toBe(400)
    expect(await asha.list()).toEqual([])
  })

  it("accepts the phone with a 91 or 0 prefix and a pincode typed as a number", async () => {
    const asha = await shopper("addr7")
    for (const phone of ["919876543210", "09876543210", "98765 43210"]) {
      const response = await asha.create({ ...home, phone, postalCode: 110001 })
      expect(response.status).toBe(201)
      expect(response.body.address).toMatchObject({ phone: "9876543210", postalCode: "110001" })
    }
  })

  it("answers 404 on every route for another shopper's address, and leaves it untouched", async () => {
    const [owner, other] = await Promise.all([shopper("addr8a"), shopper("addr8b")])
    const mine = (await owner.create(home)).body.address
    const responses = [
      await other.put(mine.id, office),
      await other.patch(mine.id, { city: "Pune" }),
      await other.remove(mine.id),
      await other.makeDefault(mine.id),
    ]
    for (const response of responses) {
      expect(response.status).toBe(404)
      expect(response.body).toMatchObject({ error: "Address not found", code: "not_found" })
    }
    expect(await other.list()).toEqual([])
    expect(await owner.list()).toEqual([mine])
  })

  it("answers 404 for ids that are malformed or unknown", async () => {
    const asha = await shopper("addr9")
    for (const id of ["cuaddr_01AAAAAAAAAAAAAAAAAAAAAAAA", "..%2F..%2Finternal", "a%20b", "x".repeat(65)]) {
      expect((await asha.put(id, home)).status, id).toBe(404)
      expect((await asha.patch(id, { city: "Pune" })).status, id).toBe(404)
      expect((await asha.remove(id)).status, id).toBe(404)
      expect((await asha.makeDefault(id)).status, id).toBe(404)
    }
  })

  it("answers 409 for an account without a Medusa customer", async () => {
    const asha = await shopper("addr10")
    await ctx.db.query("update bff.users set medusa_customer_id = null where id = $1", [asha.user.id])
    const response = await request(app).get("/api/addresses").set(auth(asha.accessToken))
    expect(response.status).toBe(409)
    expect(response.body.error).toMatch(/not linked to a shop customer/)
  })
})

describe("commerce's internal address routes", () => {
  it("refuse a caller without the internal secret", async () => {
    const response = await fetch(`${inject("medusaUrl")}/internal/customers/cus_1/addresses`)
    expect(response.status).toBe(403)
  })

  it("refuse fields outside the address, so an address can't be moved to another customer", async () => {
    const asha = await shopper("addr11")
    const { id } = (await asha.create(home)).body.address
    const { rows } = await ctx.db.query("select medusa_customer_id from bff.users where id = $1", [asha.user.id])
    const response = await fetch(`${inject("medusaUrl")}/internal/customers/${rows[0].medusa_customer_id}/addresses/${id}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-internal-secret": inject("internalSecret") },
      body: JSON.stringify({ customer_id: "cus_someone_else" }),
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ type: "invalid_data", message: expect.stringContaining("customer_id") })
    expect((await asha.list()).map((address) => address.id)).toEqual([id])
  })
})
