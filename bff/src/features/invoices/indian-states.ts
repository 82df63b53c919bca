import type { PlaceOfSupply } from "./document.js"

/**
 * The 28 states and 8 union territories with their GST state codes (the first two digits of a GSTIN), and the
 * other ways addresses spell them: ISO 3166-2:IN and vehicle registration codes, old names, common short forms.
 */
const STATES: { name: string; code: string; aliases: string[] }[] = [
  { name: "Jammu and Kashmir", code: "01", aliases: ["JK", "J&K", "Jammu Kashmir"] },
  { name: "Himachal Pradesh", code: "02", aliases: ["HP"] },
  { name: "Punjab", code: "03", aliases: ["PB"] },
  { name: "Chandigarh", code: "04", aliases: ["CH"] },
  { name: "Uttarakhand", code: "05", aliases: ["UK", "UT", "Uttaranchal"] },
  { name: "Haryana", code: "06", aliases: ["HR"] },
  { name: "Delhi", code: "07", aliases: ["DL", "New Delhi", "NCT of Delhi", "National Capital Territory of Delhi"] },
  { name: "Rajasthan", code: "08", aliases: ["RJ"] },
  { name: "Uttar Pradesh", code: "09", aliases: ["UP"] },
  { name: "Bihar", code: "10", aliases: ["BR"] },
  { name: "Sikkim", code: "11", aliases: ["SK"] },
  { name: "Arunachal Pradesh", code: "12", aliases: ["AR"] },
  { name: "Nagaland", code: "13", aliases: ["NL"] },
  { name: "Manipur", code: "14", aliases: ["MN"] },
  { name: "Mizoram", code: "15", aliases: ["MZ"] },
  { name: "Tripura", code: "16", aliases: ["TR"] },
  { name: "Meghalaya", code: "17", aliases: ["ML"] },
  { name: "Assam", code: "18", aliases: ["AS"] },
  { name: "West Bengal", code: "19", aliases: ["WB"] },
  { name: "Jharkhand", code: "20", aliases: ["JH"] },
  { name: "Odisha", code: "21", aliases: ["OD", "OR", "Orissa"] },
  { name: "Chhattisgarh", code: "22", aliases: ["CG", "CT", "Chattisgarh"] },
  { name: "Madhya Pradesh", code: "23", aliases: ["MP"] },
  { name: "Gujarat", code: "24", aliases: ["GJ"] },
  // Code 25 (Daman and Diu) was merged into 26 in 2020.
  {
    name: "Dadra and Nagar Haveli and Daman and Diu",
    code: "26",
    aliases: ["DH", "DN", "DD", "DNHDD", "Dadra and Nagar Haveli", "Daman and Diu", "Dadra Nagar Haveli", "Daman", "Diu"],
  },
  { name: "Maharashtra", code: "27", aliases: ["MH"] },
  { name: "Karnataka", code: "29", aliases: ["KA"] },
  { name: "Goa", code: "30", aliases: ["GA"] },
  { name: "Lakshadweep", code: "31", aliases: ["LD"] },
  { name: "Kerala", code: "32", aliases: ["KL"] },
  { name: "Tamil Nadu", code: "33", aliases: ["TN"] },
  { name: "Puducherry", code: "34", aliases: ["PY", "Pondicherry"] },
  { name: "Andaman and Nicobar Islands", code: "35", aliases: ["AN", "Andaman and Nicobar", "Andaman"] },
  { name: "Telangana", code: "36", aliases: ["TG", "TS"] },
  { name: "Andhra Pradesh", code: "37", aliases: ["AP"] },
  { name: "Ladakh", code: "38", aliases: ["LA"] },
]

/** Case, spaces, dots and hyphens don't matter, and "&" reads "and": "J & K" and "jammu-and-kashmir" alike. */
const key = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]/g, "")

const BY_KEY = new Map(STATES.flatMap((state) => [state.name, ...state.aliases].map((spelling) => [key(spelling), state] as const)))

/** The canonical name and GST state code of a state as an address spells it; null when it isn't one we know. */
export function gstState(stateText: string): { name: string; code: string } | null {
  const spelling = key(stateText)
  // ISO 3166-2 codes come prefixed with the country: IN-MH.
  const state = BY_KEY.get(spelling) ?? (/^in[a-z]{2}$/.test(spelling) ? BY_KEY.get(spelling.slice(2)) : undefined)
  return state ? { name: state.name, code: state.code } : null
}

/** Where a supply takes place for GST: the buyer's state, named canonically when known, as typed (trimmed) when not. */
export function placeOfSupply(stateText: string): PlaceOfSupply {
  const state = gstState(stateText)
  return state ? { state: state.name, code: state.code } : { state: stateText.trim(), code: null }
}

const looseText = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase()

/** Whether two addresses' states are one (CGST + SGST) or two (IGST); unknown names compare as text, trimmed and case-insensitively. */
export function sameState(a: string, b: string): boolean {
  const first = gstState(a)
  const second = gstState(b)
  if (first && second) return first.code === second.code
  return looseText(a) === looseText(b)
}
