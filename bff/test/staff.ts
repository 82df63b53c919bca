import type { RequestListener } from "node:http"
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
