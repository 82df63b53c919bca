import { readFileSync } from "node:fs"
import { PINCODE_PATTERN } from "@fitshop/contracts"

/** One bit per number below a million: India's ~19,000 pincodes in 125 kB, read once at start. */
function readDirectory(text: string): Uint8Array {
  const known = new Uint8Array(1_000_000 / 8)
  for (const line of text.split("\n")) {
    if (!line.trim() || line.startsWith("#")) continue
    const [prefix, ...runs] = line.trim().split(" ")
    for (const run of runs) {
      const [first, last = first] = run.split("-")
      for (let pincode = Number(`${prefix}${first}`); pincode <= Number(`${prefix}${last}`); pincode++) known[pincode >> 3]! |= 1 << (pincode & 7)
    }
  }
  return known
}

/** India Post's directory (india-pincodes.txt, written by write-india-pincodes.ts). */
const INDIA_PINCODES = readDirectory(readFileSync(new URL("./india-pincodes.txt", import.meta.url), "utf8"))

/** Whether India Post has this pincode: one it hasn't reaches no courier, so Shiprocket need not be asked. */
export function isIndianPincode(pincode: string): boolean {
  if (!PINCODE_PATTERN.test(pincode)) return false
  const number = Number(pincode)
  return (INDIA_PINCODES[number >> 3]! & (1 << (number & 7))) !== 0
}
