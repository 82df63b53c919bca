import { randomBytes } from "node:crypto"
import type { RequestListener } from "node:http"
import type { AdminProductForm, Product } from "@fitshop/contracts"
import sharp from "sharp"
import request from "supertest"
import { expect, inject } from "vitest"
import { signedUpUser } from "./accounts.js"
import { DEMO } from "../../commerce/src/scripts/seed/demo-accounts.js"
import type { User } from "../src/features/users/presenter.js"

/** One call to Medusa's own HTTP API (the calls its dashboard makes), expecting a 200. */
export async function medusaApi<T>(method: "GET" | "POST" | "DELETE", path: string, { token, body }: { token?: string; body?: object } = {}): Promise<T> {
  const response = await fetch(new URL(path, inject("medusaUrl")), {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : method === "POST" ? "{}" : null,
  })
  const answer = (await response.json()) as T
  expect(response.status, `${method} ${path}: ${JSON.stringify(answer)}`).toBe(200)
  return answer
}

/**
 * A fresh Medusa admin user, made as ops make one in Medusa's dashboard: the demo admin invites the e-mail,
 * and the invitee registers (or, with credentials already in Medusa, signs in) and accepts; `remove` deletes
 * it as the dashboard does.
 */
export async function medusaAdminUser({
  email = `ops-${randomBytes(4).toString("hex")}@staff.example.test`,
  password = "console-42-pass",
  register = true,
}: { email?: string; password?: string; register?: boolean } = {}) {
  const { token: adminToken } = await medusaApi<{ token: string }>("POST", "/auth/user/emailpass", { body: DEMO.admin })
  const { invite } = await medusaApi<{ invite: { token: string } }>("POST", "/admin/invites", { token: adminToken, body: { email } })
  const { token: identityToken } = await medusaApi<{ token: string }>("POST", `/auth/user/emailpass${register ? "/register" : ""}`, {
    body: { email, password },
  })
  const { user } = await medusaApi<{ user: { id: string } }>("POST", `/admin/invites/accept?token=${encodeURIComponent(invite.token)}`, {
    token: identityToken,
    body: { email, first_name: "Asha", last_name: "Rao" },
  })
  return { id: user.id, email, password, name: "Asha Rao", remove: () => medusaApi("DELETE", `/admin/users/${user.id}`, { token: adminToken }) }
}

/**
 * A signed-in member of staff for admin route tests: a fresh Medusa admin user signed in at the console's
 * door, as staff do. `headers` sends its access token.
 */
export async function staffSession(app: RequestListener) {
  const ops = await medusaAdminUser()
  const login = await request(app).post("/api/admin/auth/login").send({ email: ops.email, password: ops.password })
  expect(login.status, JSON.stringify(login.body)).toBe(200)
  const accessToken = login.body.accessToken as string
  return { ...ops, user: login.body.user as User, accessToken, headers: { Authorization: `Bearer ${accessToken}` } }
}

/** An ordinary signed-in shopper, for the 403 side of every admin route. */
export async function shopperSession(app: RequestListener) {
  const account = await signedUpUser(app, "shopper")
  return { ...account, headers: { Authorization: `Bearer ${account.accessToken}` } }
}

/** Uploads a plain square picture as staff, as the editor's media step does; answers its URL. */
export async function uploadedProductImage(app: RequestListener, headers: Record<string, string>, background = "#224466"): Promise<string> {
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background } })
    .png()
    .toBuffer()
  const upload = await request(app).post("/api/uploads/image").set(headers).attach("image", png, "front.png")
  expect(upload.status, JSON.stringify(upload.body)).toBe(201)
  return upload.body.url as string
}

/** A complete men's hoodie as the console's editor sends it, with the given picture; LIVE unless told otherwise. */
export function hoodieForm(imageUrl: string, overrides: Partial<AdminProductForm> = {}): AdminProductForm {
  return {
    title: "Admin Hoodie",
    description: "Heavy fleece, brushed inside.",
    price: 1499,
    mrp: 1999,
    gender: "MEN",
    categoryType: "UPPERS",
    subcategory: "Hoodies",
    collarStyle: "NO_COLLAR",
    fabric: "Cotton",
    seasonFit: "WINTER",
    sleeveType: "FULL",
    colorName: "Black",
    colorHex: "#111111",
    genre: "Streetwear",
    washInstructions: "Machine wash cold.",
    gstPercent: 18,
    weightGrams: 600,
    countryOfOrigin: "India",
    manufacturer: "Admin Knits Pvt Ltd, 14 Industrial Estate, Tiruppur 641604, Tamil Nadu",
    sizes: [
      { size: "M", stock: 5, measurements: { chest: 40, frontLength: 27, shoulder: 18, sleeve: 25 } },
      { size: "L", stock: 3, measurements: null },
    ],
    images: [{ url: imageUrl, altText: "Front view", isPrimary: true }],
    videos: [{ url: "/media/videos/walk.mp4", altText: "On the street", isPrimary: false }],
    status: "LIVE",
    ...overrides,
  }
}

/**
 * Products of one test file's own, published through the console by a fresh member of staff: no other file's
 * sales change their stock (other files buy seeded products only, see test/catalog.ts). `publish` makes a LIVE
 * men's hoodie in sizes M and L with `stock` units each and answers it as its product page does; `remove`
 * archives them (through another app of the test's, when it restarted its own) and deletes the member of staff.
 */
export async function ownCatalogue(app: RequestListener, label: string) {
  const staff = await staffSession(app)
  const imageUrl = await uploadedProductImage(app, staff.headers)
  const published: string[] = []
  return {
    async publish(stock: number, overrides: Partial<AdminProductForm> = {}): Promise<Product> {
      const form = hoodieForm(imageUrl, {
        ...overrides,
        title: `${label} ${randomBytes(4).toString("hex")}`,
        sizes: [
          { size: "M", stock, measurements: { chest: 40, frontLength: 27, shoulder: 18, sleeve: 25 } },
          { size: "L", stock, measurements: null },
        ],
      })
      const created = await request(app).post("/api/admin/products").set(staff.headers).send(form)
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      published.push(created.body.product.id)
      const page = await request(app).get(`/api/products/${created.body.product.id as string}`)
      expect(page.status).toBe(200)
      return page.body.product as Product
    },
    async remove(through: RequestListener = app): Promise<void> {
      for (const id of published) await request(through).delete(`/api/admin/products/${id}`).set(staff.headers)
      await staff.remove()
    },
  }
}
