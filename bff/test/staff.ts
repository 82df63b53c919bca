import type { RequestListener } from "node:http"
import type { AdminProductForm } from "@fitshop/contracts"
import sharp from "sharp"
import request from "supertest"
import { expect } from "vitest"
import type { Db } from "../src/lib/db.js"
import { signedUpUser } from "./accounts.js"

/**
 * A signed-in member of staff for admin route tests: a fresh account made staff in bff.users, then signed
 * in again so its access token carries the role. `headers` sends it; `shopper` is an ordinary account.
 */
export async function staffSession(app: RequestListener, db: Db) {
  const account = await signedUpUser(app, "staff")
  await db.query("update bff.users set role = 'admin' where id = $1", [account.user.id])
  const login = await request(app).post("/api/auth/login").send({ email: account.email, password: account.password })
  expect(login.status).toBe(200)
  const accessToken = login.body.accessToken as string
  return { ...account, accessToken, headers: { Authorization: `Bearer ${accessToken}` } }
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
    gstPercent: 12,
    weightGrams: 600,
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
