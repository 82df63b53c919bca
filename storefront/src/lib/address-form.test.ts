import { describe, expect, it } from "vitest"
import { buildAddress } from "@/testing/address-factory"
import { addressToValues, emptyAddressValues, missingAddressFields, requiredAddressFields, toAddressInput } from "./address-form"

describe("address form values", () => {
  it("needs line 1, city, state and pincode, ignoring blanks made of spaces", () => {
    expect(missingAddressFields(emptyAddressValues())).toEqual(["line1", "city", "state", "postalCode"])
    expect(missingAddressFields({ ...emptyAddressValues(), line1: "x", city: " ", state: "y", postalCode: "560001" })).toEqual(["city"])
  })

  it("marks each blank required field invalid for the form, with no text of its own", () => {
    const checkRequired = requiredAddressFields(["fullName", "phone", "line1"])

    expect(checkRequired({ ...emptyAddressValues(), line1: "12 MG Road" })).toEqual({ fullName: true, phone: true })
  })

  it("trims the fields, leaves a blank line 2 out and puts a blank label and country back to Home and India", () => {
    const input = toAddressInput({
      ...emptyAddressValues(),
      label: " ",
      fullName: " Asha Rao ",
      phone: "9876543210",
      line1: " 12 MG Road ",
      line2: "   ",
      city: "Bengaluru",
      state: "Karnataka",
      postalCode: " 560001 ",
      country: "",
    })

    expect(input).toEqual({
      label: "Home",
      fullName: "Asha Rao",
      phone: "9876543210",
      line1: "12 MG Road",
      city: "Bengaluru",
      state: "Karnataka",
      postalCode: "560001",
      country: "India",
      isDefault: false,
    })
  })

  it("round-trips a saved address through the form", () => {
    const address = buildAddress({ label: "Office", line2: "Floor 3", isDefault: true })
    const { id: _id, line2, ...rest } = address

    expect(toAddressInput(addressToValues(address))).toEqual({ ...rest, line2 })
    expect(addressToValues({ ...address, line2: null }).line2).toBe("")
  })
})
