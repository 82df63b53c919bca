import request from "supertest"
import { afterAll, describe, expect, it } from "vitest"
import { appRoutes } from "../../../test/app-routes.js"
import { createTestApp } from "../../../test/app.js"
import { shopperSession } from "../../../test/staff.js"

/**
 * Every staff route, found in the real app's Express router (so routes added later are checked without
 * anyone listing them): everything under /api/admin, and any other route behind requireStaff (the
 * console's video upload). Each must answer 401 to the anonymous and 403 to a shopper, whatever its
 * parameters and body, because the guard comes before anything else on its line.
 */

const PERMISSION_DENIED = "You don’t have permission to do that."
/** The one /api/admin route open to everyone: the console's sign-in. */
const OPEN = ["POST /api/admin/auth/login"]

/** A request path for a route pattern: each parameter gets a well-formed id (a post's digits, else a Medusa-style id). */
function concretePath(pattern: string): string {
  const id = pattern.includes("/fitfeed/") ? "1234567" : `prod_01JZ${"0".repeat(22)}`
  return pattern.replace(/[{}]/g, "").replace(/:\w+/g, id).replace(/\*\w+/g, "x")
}

const ctx = await createTestApp()
afterAll(() => ctx.close())
let shopper: ReturnType<typeof shopperSession> | undefined
/** One shopper for every route's 403 (signing up costs Medusa a registration). */
const aShopper = () => (shopper ??= shopperSession(ctx.app))

const everyRoute = await appRoutes(ctx.app)
const staffRoutes = everyRoute
  .filter(({ path, handlers }) => path === "/api/admin" || path.startsWith("/api/admin/") || handlers.includes("requireStaff"))
  .filter(({ method, path }) => !OPEN.includes(`${method} ${path}`))
  .map(({ method, path }) => ({ name: `${method} ${path}`, method, url: concretePath(path) }))

describe("staff routes", () => {
  it("are found in the app: the console's own and the open sign-in", () => {
    const names = staffRoutes.map(({ name }) => name)
    expect(names).toEqual(
      expect.arrayContaining([
        "GET /api/admin/fitfeed/reported",
        "POST /api/admin/fitfeed/posts/:id/restore",
        "DELETE /api/admin/fitfeed/posts/:id",
        "GET /api/admin/jobs",
        "POST /api/admin/jobs/:id/retry",
      ]),
    )
    expect(everyRoute.map(({ method, path }) => `${method} ${path}`)).toEqual(expect.arrayContaining(OPEN))
  })

  const send = (method: string, url: string) => {
    const call = request(ctx.app)[method.toLowerCase() as "get" | "post" | "put" | "patch" | "delete"](url)
    return method === "GET" || method === "DELETE" ? call : call.send({})
  }

  it.each(staffRoutes.map((route) => [route.name, route] as const))(
    "%s: 401 to the anonymous, 403 with the permission text to a shopper",
    async (_name, { method, url }) => {
      const anonymous = await send(method, url)
      expect(anonymous.status).toBe(401)
      const refused = await send(method, url).set((await aShopper()).headers)
      expect(refused.status).toBe(403)
      expect(refused.body).toMatchObject({ error: PERMISSION_DENIED, message: PERMISSION_DENIED })
    },
  )
})
