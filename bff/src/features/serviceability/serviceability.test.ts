import { serviceabilitySchema } from "@fitshop/contracts"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freePort } from "../../../../scripts/lib/ports.js"
import { createTestApp, runEnvironment } from "../../../test/app.js"
import { startShiprocketEmulator } from "../../../test/shiprocket.js"
import { loadConfig } from "../../config.js"
import { shiprocketSettings } from "../../lib/shiprocket-settings.js"
import { indiaDay } from "../../lib/india-time.js"
import { isIndianPincode } from "./india-pincodes.js"

/** Pincodes the emulator treats as documented in emulators/src/shiprocket/serviceability.ts (a feature's test can't import it). */
const UNSERVED = "744101"
const WITHOUT_COD = "795001"
const PINCODE_RULE = "pincode: Enter a 6-digit pincode that does not start with 0"

type App = Awaited<ReturnType<typeof createTestApp>>
type Emulator = Awaited<ReturnType<typeof startShiprocketEmulator>>

/** The emulator's own API user, as the test apps derive it, so an emulator started here is the one they log in to. */
const emulatorAccount = () => {
  const { email, password } = shiprocketSettings(loadConfig(runEnvironment()))
  return { email, password }
}

let emulator: Emulator
let ctx: App

beforeAll(async () => {
  emulator = await startShiprocketEmulator(emulatorAccount())
  ctx = await createTestApp({ SHIPROCKET_API_URL: emulator.apiUrl })
})
afterAll(async () => {
  await ctx?.close()
  await emulator?.close()
})

/** Each test speaks from an address of its own (loopback's X-Forwarded-For is trusted), so per-address limits never meet. */
let addresses = 0
const ownAddress = () => `198.51.100.${++addresses}`
const ask = (app: App, query: string, from = ownAddress()) => request(app.app).get(`/api/serviceability${query}`).set("X-Forwarded-For", from)
const dayAfterToday = (days: number) => new Date(Date.parse(`${indiaDay(Date.now())}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
/** The first `count` of India Post's pincodes from `from` on: real places no other test asks about. */
function realPincodes(from: number, count: number): string[] {
  const found: string[] = []
  for (let pincode = from; found.length < count; pincode++) if (isIndianPincode(String(pincode))) found.push(String(pincode))
  return found
}
const serviceabilityCalls = (target: Emulator) => target.calls.filter((line) => line.includes("/courier/serviceability")).length

describe("GET /api/serviceability", () => {
  it("promises a date, cash on delivery and the place for a served pincode, dated from the pickup's pincode", async () => {
    const far = await ask(ctx, "?pincode=560001")
    expect(far.status).toBe(200)
    expect(serviceabilitySchema.parse(far.body)).toEqual({
      pincode: "560001",
      deliverable: true,
      codAvailable: true,
      estimatedDelivery: dayAfterToday(4),
      city: "Bengaluru",
      state: "Karnataka",
    })
    expect(far.headers["cache-control"]).toMatch(/^public, max-age=\d+$/)
    // The demo pickup is Mumbai's: a Mumbai pincode is two days away.
    const near = await ask(ctx, "?pincode=400050")
    expect(near.body).toMatchObject({ deliverable: true, codAvailable: true, estimatedDelivery: dayAfterToday(2), city: "Mumbai", state: "Maharashtra" })
  })

  it("says a pincode no courier reaches is not deliverable, with no date and no cash on delivery", async () => {
    const response = await ask(ctx, `?pincode=${UNSERVED}`)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ pincode: UNSERVED, deliverable: false, codAvailable: false, estimatedDelivery: null, city: null, state: null })
  })

  it("promises a date without cash on delivery where no courier collects cash", async () => {
    const response = await ask(ctx, `?pincode=${WITHOUT_COD}&productId=prod_01JABCDEFGHJKMNPQRSTVWXYZ0`)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      pincode: WITHOUT_COD,
      deliverable: true,
      codAvailable: false,
      estimatedDelivery: dayAfterToday(6),
      city: "Imphal",
      state: "Manipur",
    })
  })

  it("refuses a malformed pincode or product id with a clear 400, before asking Shiprocket", async () => {
    const before = serviceabilityCalls(emulator)
    for (const query of ["", "?pincode=", "?pincode=12345", "?pincode=1234567", "?pincode=012345", "?pincode=56OO01", "?pincode=560001&pincode=560002"]) {
      const response = await ask(ctx, query)
      expect(response.status, query).toBe(400)
      expect(response.body.error, query).toBe(PINCODE_RULE)
    }
    const badProduct = await ask(ctx, "?pincode=560001&productId=shirt")
    expect(badProduct.status).toBe(400)
    expect(badProduct.body.error).toBe("productId: is not a product id")
    expect(serviceabilityCalls(emulator)).toBe(before)
  })

  it("answers a pincode India Post doesn't have as not deliverable, without asking Shiprocket", async () => {
    const before = serviceabilityCalls(emulator)
    // Well-formed, but no post office has them (35xxxx and 99xxxx are no region's; 123456 is a guess).
    for (const pincode of ["123456", "350001", "999999", "560000"]) {
      const response = await ask(ctx, `?pincode=${pincode}`)
      expect(response.status, pincode).toBe(200)
      expect(response.body).toEqual({ pincode, deliverable: false, codAvailable: false, estimatedDelivery: null, city: null, state: null })
    }
    expect(serviceabilityCalls(emulator)).toBe(before)
  })

  it("lets one address make Shiprocket calls for 30 new pincodes an hour; pincodes kept, and those India Post doesn't have, stay free", async () => {
    const from = ownAddress()
    const [first, ...others] = realPincodes(682001, 31)
    const before = serviceabilityCalls(emulator)
    for (const pincode of [first!, ...others.slice(0, 29)]) expect((await ask(ctx, `?pincode=${pincode}`, from)).status, pincode).toBe(200)
    expect(serviceabilityCalls(emulator) - before).toBe(30)

    const refused = await ask(ctx, `?pincode=${others[29]!}`, from)
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ code: "rate_limited", error: expect.stringMatching(/^You've checked delivery to many new pincodes/) })
    expect(refused.body.message).toBe(refused.body.error)
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0)
    expect(serviceabilityCalls(emulator) - before).toBe(30)

    expect((await ask(ctx, `?pincode=${first!}`, from)).body).toMatchObject({ pincode: first, deliverable: true })
    expect((await ask(ctx, "?pincode=123456", from)).body).toMatchObject({ pincode: "123456", deliverable: false })
    // Another address has its own budget.
    expect((await ask(ctx, `?pincode=${others[29]!}`)).status).toBe(200)
    expect(serviceabilityCalls(emulator) - before).toBe(31)
  })

  it("answers a pincode asked again from what it kept, and shoppers asking at once share one call", async () => {
    const before = serviceabilityCalls(emulator)
    const together = await Promise.all([ask(ctx, "?pincode=302001"), ask(ctx, "?pincode=302001"), ask(ctx, "?pincode=302001")])
    expect(together.map((response) => response.status)).toEqual([200, 200, 200])
    const again = await ask(ctx, "?pincode=302001")
    expect(again.body).toEqual(together[0]!.body)
    expect(again.body).toMatchObject({ city: "Jaipur", state: "Rajasthan" })
    expect(serviceabilityCalls(emulator) - before).toBe(1)
  })

  it("answers 503 with no promise when Shiprocket is down or refusing, and doesn't ask again at once", async () => {
    const closedPort = await freePort()
    const refusing = await startShiprocketEmulator({
      ...emulatorAccount(),
      mount: (app) =>
        app.get("/emulator/shiprocket/v1/external/courier/serviceability", (_req, res) => {
          res.status(500).json({ message: "Server Error", status_code: 500 })
        }),
    })
    const down = await createTestApp({ SHIPROCKET_API_URL: `http://127.0.0.1:${closedPort}/emulator/shiprocket` })
    const failing = await createTestApp({ SHIPROCKET_API_URL: refusing.apiUrl })
    try {
      for (const app of [down, failing]) {
        const response = await ask(app, "?pincode=560001")
        expect(response.status).toBe(503)
        expect(response.body).toMatchObject({ code: "service_unavailable", error: expect.stringMatching(/won't promise a date/) })
        expect(response.body.message).toBe(response.body.error)
        expect(response.headers["retry-after"]).toBe("15")
        expect(response.body).not.toHaveProperty("estimatedDelivery")
      }
      expect(serviceabilityCalls(refusing)).toBe(1)
      // An outage costs one call per pause, not one per page view.
      expect((await ask(failing, "?pincode=110024")).status).toBe(503)
      expect(serviceabilityCalls(refusing)).toBe(1)
    } finally {
      await down.close()
      await failing.close()
      await refusing.close()
    }
  })

  it("limits each client address to 600 asks in 15 minutes", async () => {
    const from = ownAddress()
    for (let sent = 0; sent < 600; sent += 50) {
      const batch = await Promise.all(Array.from({ length: 50 }, () => ask(ctx, "?pincode=400050", from)))
      expect(batch.every((response) => response.status === 200)).toBe(true)
    }
    const refused = await ask(ctx, "?pincode=400050", from)
    expect(refused.status).toBe(429)
    expect(refused.headers["retry-after"]).toMatch(/^\d+$/)
    expect((await ask(ctx, "?pincode=400050")).status).toBe(200)
  })
})
