import type { Address } from "@/types/address"

let sequence = 0

/** A saved address as the BFF would send it; override only what a test cares about. */
export function buildAddress(overrides: Partial<Address> = {}): Address {
  sequence += 1
  return {
    id: `address_test_${String(sequence)}`,
    label: "Home",
    fullName: `Test Shopper ${String(sequence)}`,
    phone: "9876543210",
    line1: `${String(sequence)} MG Road`,
    line2: null,
    city: "Bengaluru",
    state: "Karnataka",
    postalCode: "560001",
    country: "India",
    isDefault: false,
    ...overrides,
  }
}
