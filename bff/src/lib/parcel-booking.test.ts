import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { capturedLog, LEVEL } from "../../test/capture-log.js"
import { adhocOrder, returnOrder, startShiprocketEmulator } from "../../test/shiprocket.js"
import { indiaDay } from "./india-time.js"
import { bookParcel, type BookedParcel, type Parcel } from "./parcel-booking.js"

let emulator: Awaited<ReturnType<typeof startShiprocketEmulator>>

beforeAll(async () => {
  emulator = await startShiprocketEmulator()
})
afterAll(() => emulator.close())

const REFUSAL = { fields: { orderId: "ord_parcel" }, message: "Shiprocket refused the parcel; book it from the panel" }

/** Books through the emulator, keeping what each run recorded and the Shiprocket calls it made. */
async function book(parcel: Parcel, own = emulator, record?: (booked: BookedParcel) => Promise<void>) {
  const log = capturedLog()
  const recorded: BookedParcel[] = []
  const before = own.calls.length
  const booked = await bookParcel(own.client(), log.logger, parcel, {
    record: record ?? (async (parcelBooked) => void recorded.push(parcelBooked)),
    refusal: REFUSAL,
  })
  const calls = own.calls.slice(before).filter((call) => !call.endsWith("/auth/login"))
  return { booked, recorded, calls, log }
}

describe("booking a parcel", () => {
  it("sends a parcel out: creates its order, assigns its AWB, asks for no pickup, and records what was booked", async () => {
    const { booked, recorded, calls } = await book({ direction: "out", order: adhocOrder() })
    expect(calls).toEqual(["POST /emulator/shiprocket/v1/external/orders/create/adhoc", "POST /emulator/shiprocket/v1/external/courier/assign/awb"])
    expect(booked).toEqual({
      shiprocketOrderId: expect.stringMatching(/^\d+$/),
      shipmentId: expect.stringMatching(/^\d+$/),
      awb: expect.stringMatching(/^\d{14}$/),
      courierName: expect.stringMatching(/.+/),
      trackingUrl: `${emulator.apiUrl}/tracking/${booked!.awb}`,
      pickupDate: null,
    })
    expect(recorded).toEqual([booked])
  })

  it("brings a parcel back: creates the return, assigns its AWB as a return's, and books the courier's visit", async () => {
    const { booked, recorded, calls } = await book({ direction: "back", order: returnOrder() })
    expect(calls).toEqual([
      "POST /emulator/shiprocket/v1/external/orders/create/return",
      "POST /emulator/shiprocket/v1/external/courier/assign/awb",
      "POST /emulator/shiprocket/v1/external/courier/generate/pickup",
    ])
    expect(booked).toMatchObject({ awb: expect.stringMatching(/^\d{14}$/), pickupDate: indiaDay(Date.now() + 86_400_000) })
    expect(recorded).toEqual([booked])
  })

  it("books the same parcel once when a run crashed before recording it: the next run finds the first order and its AWB", async () => {
    const order = adhocOrder()
    let lost: BookedParcel | undefined
    const crashed = book({ direction: "out", order }, emulator, async (booked) => {
      lost = booked
      throw new Error("the process stopped")
    })
    await expect(crashed).rejects.toThrow("the process stopped")
    const retried = await book({ direction: "out", order })
    expect(retried.calls).toEqual(["POST /emulator/shiprocket/v1/external/orders/create/adhoc"])
    expect(lost).toBeDefined()
    expect(retried.recorded).toEqual([lost])
  })

  it("takes a refusal as final: logged for ops with whose parcel it is and Shiprocket's reasons, nothing recorded", async () => {
    const { booked, recorded, calls, log } = await book({ direction: "out", order: adhocOrder({ billing_pincode: "12" }) })
    expect(booked).toBeUndefined()
    expect(recorded).toEqual([])
    expect(calls).toEqual(["POST /emulator/shiprocket/v1/external/orders/create/adhoc"])
    expect(log.at(LEVEL.error)).toEqual([
      expect.objectContaining({ msg: REFUSAL.message, orderId: "ord_parcel", fieldErrors: { billing_pincode: ["The billing pincode must be 6 digits."] } }),
    ])
  })

  it("takes a pickup refused as final too, and throws what may pass (a 5xx) for the queue to retry, recording nothing", async () => {
    let pickupReply = { status: 400, body: { message: "Pickup address is not serviceable" } }
    const own = await startShiprocketEmulator({
      mount: (app) =>
        app.post("/emulator/shiprocket/v1/external/courier/generate/pickup", (_req, res) => {
          res.status(pickupReply.status).json(pickupReply.body)
        }),
    })
    try {
      const refused = await book({ direction: "back", order: returnOrder() }, own)
      expect(refused.booked).toBeUndefined()
      expect(refused.recorded).toEqual([])
      expect(refused.log.at(LEVEL.error).map((line) => line.msg)).toEqual([REFUSAL.message])

      pickupReply = { status: 502, body: { message: "Bad Gateway" } }
      const log = capturedLog()
      const recorded: BookedParcel[] = []
      const failed = bookParcel(
        own.client(),
        log.logger,
        { direction: "back", order: returnOrder() },
        { record: async (booked) => void recorded.push(booked), refusal: REFUSAL },
      )
      await expect(failed).rejects.toMatchObject({ name: "ShiprocketError", status: 502, retryable: true })
      expect(recorded).toEqual([])
      expect(log.lines).toEqual([])
    } finally {
      await own.close()
    }
  })
})
