import { describe, expect, it } from "vitest"
import type { ShiprocketCourierOption } from "../../lib/shiprocket.js"
import { etdDay } from "../../lib/shiprocket.js"
import { indiaDay, secondsToIndiaMidnight } from "../../lib/india-time.js"
import { presentServiceability } from "./delivery-promises.js"
import { isIndianPincode } from "./india-pincodes.js"

const courier = (overrides: Partial<ShiprocketCourierOption>): ShiprocketCourierOption => ({
  courierCompanyId: 1,
  courierName: "Surface",
  cod: true,
  estimatedDeliveryDays: 4,
  etd: "2026-12-01",
  city: "Bengaluru",
  state: "Karnataka",
  ...overrides,
})

describe("a delivery promise from Shiprocket's couriers", () => {
  it("promises the recommended courier's day, else the slowest courier's, so it is never earlier than the parcel", () => {
    const fast = courier({ courierCompanyId: 2, etd: "2026-11-29", estimatedDeliveryDays: 2 })
    const slow = courier({ courierCompanyId: 3, etd: "2026-12-03", estimatedDeliveryDays: 6 })
    expect(presentServiceability("560001", { couriers: [slow, fast], recommendedCourierId: 2 }, "2026-11-27").estimatedDelivery).toBe("2026-11-29")
    expect(presentServiceability("560001", { couriers: [fast, slow], recommendedCourierId: null }, "2026-11-27").estimatedDelivery).toBe("2026-12-03")
  })

  it("counts the courier's days from today when its day is missing or already past", () => {
    const answer = (etd: string | null) => presentServiceability("560001", { couriers: [courier({ etd })], recommendedCourierId: 1 }, "2026-12-30")
    expect(answer(null).estimatedDelivery).toBe("2027-01-03")
    expect(answer("2026-12-29").estimatedDelivery).toBe("2027-01-03")
    expect(
      presentServiceability("560001", { couriers: [courier({ etd: null, estimatedDeliveryDays: null })], recommendedCourierId: 1 }, "2026-12-30"),
    ).toMatchObject({
      deliverable: true,
      estimatedDelivery: null,
    })
  })

  it("offers cash on delivery when any courier collects it, and nothing where no courier goes", () => {
    const couriers = [courier({ cod: false }), courier({ courierCompanyId: 2, cod: true, city: null, state: null })]
    expect(presentServiceability("795001", { couriers, recommendedCourierId: 2 }, "2026-11-27")).toMatchObject({ codAvailable: true, city: "Bengaluru" })
    expect(presentServiceability("795001", { couriers: [courier({ cod: false })], recommendedCourierId: 1 }, "2026-11-27").codAvailable).toBe(false)
    expect(presentServiceability("744101", { couriers: [], recommendedCourierId: null }, "2026-11-27")).toEqual({
      pincode: "744101",
      deliverable: false,
      codAvailable: false,
      estimatedDelivery: null,
      city: null,
      state: null,
    })
  })

  it("reads days in India's calendar and Shiprocket's etd as yyyy-mm-dd", () => {
    expect(indiaDay(Date.parse("2026-11-27T18:29:59Z"))).toBe("2026-11-27")
    expect(indiaDay(Date.parse("2026-11-27T18:30:00Z"))).toBe("2026-11-28")
    expect(secondsToIndiaMidnight(Date.parse("2026-11-27T18:20:00Z"))).toBe(600)
    expect(etdDay("Dec 02, 2026")).toBe("2026-12-02")
    expect(etdDay("Sept 9, 2026")).toBe("2026-09-09")
    expect(etdDay("2026-12-02 18:00:00")).toBe("2026-12-02")
    expect(etdDay("")).toBeNull()
    expect(etdDay("soon")).toBeNull()
  })
})

describe("India's pincodes", () => {
  it("knows India Post's pincodes, from Leh to Port Blair, and no others", () => {
    for (const pincode of ["110001", "194101", "400050", "560001", "682016", "744101", "795001"]) expect(isIndianPincode(pincode), pincode).toBe(true)
    for (const pincode of ["123456", "350001", "560000", "999999", "012345", "11000", "1100011", "11OO01"])
      expect(isIndianPincode(pincode), pincode).toBe(false)
  })
})
