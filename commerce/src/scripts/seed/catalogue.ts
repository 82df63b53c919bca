/** The demo catalogue: every gender, type and subcategory of the spec, generated deterministically. */

import { SIZES, slugify, type Size } from "../../lib/catalogue"

export type Garment = "hoodie" | "polo" | "tee" | "jeans" | "trousers" | "cargo" | "dress" | "kurta"

export type Measurements = {
  chest?: number
  frontLength?: number
  shoulder?: number
  sleeve?: number
  waist?: number
  hip?: number
  inseam?: number
  unit: "in"
}

export type SeedProduct = {
  handle: string
  title: string
  description: string
  garment: Garment
  /** Selling price in rupees (Medusa stores major units). */
  price: number
  /** MRP in rupees when above the selling price. */
  mrp: number | null
  weightGrams: number
  gender: "MEN" | "WOMEN"
  categoryType: "UPPERS" | "LOWERS"
  subcategory: string
  styleGroup: "WESTERN" | "TRADITIONS" | null
  genre: "Marvel" | "Streetwear" | "Aesthetic" | "Anime"
  colorName: string
  colorHex: string
  fabric: "Cotton" | "Polyester" | "Denim" | "Wool" | "Blend"
  collarStyle: "NO_COLLAR" | "WITH_COLLAR"
  sleeveType: "HALF" | "FULL"
  seasonFit: "NEUTRAL" | "SUMMER" | "WINTER"
  washInstructions: string
  /** Always null: GST follows the apparel rule on what a piece sells for (5% up to ₹2,500, 18% above); staff may set an exemption. */
  gstPercent: number | null
  /** Legal Metrology declarations the product page shows. */
  countryOfOrigin: string
  manufacturer: string
  stock: Record<Size, number>
  measurements: Record<Size, Measurements>
}

export const COLOURS = [
  { name: "Black", hex: "#111111" },
  { name: "White", hex: "#F2F2F2" },
  { name: "Blue", hex: "#2B4C9B" },
  { name: "Grey", hex: "#8A8D91" },
  { name: "Green", hex: "#3E6B48" },
  { name: "Red", hex: "#B3262E" },
] as const

export const GENRES = ["Streetwear", "Anime", "Marvel", "Aesthetic"] as const

/** The demo brand makes its own pieces: the demo seller's legal name and registered address, as its invoices name it. */
export const DEMO_MANUFACTURER =
  "Build Your Fit Retail Private Limited (demo), Unit 4, Kamala Mills Compound, Senapati Bapat Marg, Lower Parel, Mumbai 400013, Maharashtra"

type Line = {
  gender: "MEN" | "WOMEN"
  categoryType: "UPPERS" | "LOWERS"
  subcategory: string
  styleGroup: "WESTERN" | "TRADITIONS" | null
  garment: Garment
  names: string[]
  fabrics: SeedProduct["fabric"][]
  collar: SeedProduct["collarStyle"]
  sleeve: SeedProduct["sleeveType"][]
  season: SeedProduct["seasonFit"][]
  prices: number[]
  weight: number
  wash: string
}

const COLD_WASH = "Machine wash cold, inside out. Do not bleach. Dry in shade."
const DENIM_WASH = "Wash separately in cold water. Do not tumble dry. Iron on reverse."
const GENTLE_WASH = "Gentle hand wash in cold water. Dry flat in shade. Warm iron."

const LINES: Line[] = [
  {
    gender: "MEN",
    categoryType: "UPPERS",
    subcategory: "Hoodies",
    styleGroup: null,
    garment: "hoodie",
    names: ["Nightshift Hoodie", "Concrete Pullover Hoodie", "Static Zip Hoodie", "Underpass Hoodie", "Afterhours Hoodie", "Metro Fleece Hoodie"],
    fabrics: ["Cotton", "Blend", "Wool"],
    collar: "NO_COLLAR",
    sleeve: ["FULL"],
    season: ["WINTER", "NEUTRAL"],
    prices: [1899, 2299, 2499, 3299, 1699, 3599],
    weight: 620,
    wash: COLD_WASH,
  },
  {
    gender: "MEN",
    categoryType: "UPPERS",
    subcategory: "Polo",
    styleGroup: null,
    garment: "polo",
    names: ["Courtside Polo", "Pique Club Polo", "Rally Knit Polo", "Sunday League Polo", "Harbour Polo", "Varsity Polo"],
    fabrics: ["Cotton", "Polyester", "Blend"],
    collar: "WITH_COLLAR",
    sleeve: ["HALF", "FULL"],
    season: ["SUMMER", "NEUTRAL"],
    prices: [999, 1199, 1499, 899, 1299, 1799],
    weight: 260,
    wash: COLD_WASH,
  },
  {
    gender: "MEN",
    categoryType: "UPPERS",
    subcategory: "Oversized",
    styleGroup: null,
    garment: "tee",
    names: [
      "Drop Shoulder Oversized Tee",
      "Skyline Oversized Tee",
      "Glitch Oversized Tee",
      "Rooftop Oversized Tee",
      "Rebel Oversized Tee",
      "Neon Alley Oversized Tee",
    ],
    fabrics: ["Cotton", "Blend"],
    collar: "NO_COLLAR",
    sleeve: ["HALF"],
    season: ["SUMMER", "NEUTRAL"],
    prices: [799, 899, 699, 999, 1099, 449],
    weight: 240,
    wash: COLD_WASH,
  },
  {
    gender: "MEN",
    categoryType: "UPPERS",
    subcategory: "Regular",
    styleGroup: null,
    garment: "tee",
    names: ["Everyday Crew Tee", "Basic Block Tee", "Signal Regular Tee", "Campus Tee", "Full Sleeve Henley Tee", "Pocket Regular Tee"],
    fabrics: ["Cotton", "Polyester"],
    collar: "NO_COLLAR",
    sleeve: ["HALF", "FULL"],
    season: ["SUMMER", "NEUTRAL"],
    prices: [499, 599, 399, 649, 749, 549],
    weight: 200,
    wash: COLD_WASH,
  },
  {
    gender: "MEN",
    categoryType: "LOWERS",
    subcategory: "Jeans",
    styleGroup: null,
    garment: "jeans",
    names: ["Raw Edge Jeans", "Faded Indigo Jeans", "Rip & Repair Jeans", "Carbon Wash Jeans", "Vintage Stone Jeans", "Midnight Selvedge Jeans"],
    fabrics: ["Denim"],
    collar: "NO_COLLAR",
    sleeve: ["FULL"],
    season: ["NEUTRAL", "WINTER"],
    prices: [1799, 1999, 2199, 2599, 1599, 3499],
    weight: 680,
    wash: DENIM_WASH,
  },
  {
    gender: "MEN",
    categoryType: "LOWERS",
    subcategory: "Loose fit",
    styleGroup: null,
    garment: "trousers",
    names: ["Baggy Skate Pants", "Relaxed Pleat Trousers", "Wide Leg Chinos", "Loose Fit Denims", "Parachute Pants", "Lounge Wide Pants"],
    fabrics: ["Cotton", "Denim", "Polyester", "Blend"],
    collar: "NO_COLLAR",
    sleeve: ["FULL"],
    season: ["NEUTRAL", "SUMMER"],
    prices: [1499, 1699, 1299, 1899, 1399, 999],
    weight: 520,
    wash: COLD_WASH,
  },
  {
    gender: "MEN",
    categoryType: "LOWERS",
    subcategory: "Slim fit",
    styleGroup: null,
    garment: "trousers",
    names: ["Slim Stretch Chinos", "Tapered Slim Jeans", "City Slim Trousers", "Slim Jogger Pants", "Slim Twill Pants", "Slim Tech Trousers"],
    fabrics: ["Cotton", "Denim", "Blend"],
    collar: "NO_COLLAR",
    sleeve: ["FULL"],
    season: ["NEUTRAL"],
    prices: [1399, 1599, 1199, 899, 1299, 2099],
    weight: 480,
    wash: COLD_WASH,
  },
  {
    gender: "MEN",
    categoryType: "LOWERS",
    subcategory: "Cargo pants",
    styleGroup: null,
    garment: "cargo",
    names: ["Utility Cargo Pants", "Six Pocket Cargo", "Ripstop Cargo Pants", "Tactical Cargo Joggers", "Field Cargo Pants", "Strapped Cargo Pants"],
    fabrics: ["Cotton", "Polyester", "Blend"],
    collar: "NO_COLLAR",
    sleeve: ["FULL"],
    season: ["NEUTRAL", "WINTER"],
    prices: [1599, 1899, 2299, 1499, 2799, 3199],
    weight: 590,
    wash: COLD_WASH,
  },
  {
    gender: "MEN",
    categoryType: "LOWERS",
    subcategory: "Straight fit",
    styleGroup: null,
    garment: "jeans",
    names: [
      "Classic Straight Jeans",
      "Straight Fit Chinos",
      "Heritage Straight Denims",
      "Straight Cord Trousers",
      "Straight Work Pants",
      "Straight Dark Rinse Jeans",
    ],
    fabrics: ["Denim", "Cotton", "Wool"],
    collar: "NO_COLLAR",
    sleeve: ["FULL"],
    season: ["NEUTRAL", "WINTER"],
    prices: [1699, 1299, 1999, 1599, 1399, 2399],
    weight: 640,
    wash: DENIM_WASH,
  },
  {
    gender: "WOMEN",
    categoryType: "UPPERS",
    subcategory: "Regular",
    styleGroup: "WESTERN",
    garment: "tee",
    names: ["Cropped Street Tee", "Boxy Graphic Tee", "Ribbed Fitted Top", "Oversized Varsity Tee"],
    fabrics: ["Cotton", "Blend"],
    collar: "NO_COLLAR",
    sleeve: ["HALF", "FULL"],
    season: ["SUMMER", "NEUTRAL"],
    prices: [599, 799, 699, 999],
    weight: 190,
    wash: COLD_WASH,
  },
  {
    gender: "WOMEN",
    categoryType: "UPPERS",
    subcategory: "Hoodies",
    styleGroup: "WESTERN",
    garment: "hoodie",
    names: ["Cropped Fleece Hoodie", "Cloud Knit Hoodie"],
    fabrics: ["Cotton", "Wool"],
    collar: "NO_COLLAR",
    sleeve: ["FULL"],
    season: ["WINTER"],
    prices: [1999, 2499],
    weight: 560,
    wash: COLD_WASH,
  },
  {
    gender: "WOMEN",
    categoryType: "LOWERS",
    subcategory: "Loose fit",
    styleGroup: "WESTERN",
    garment: "trousers",
    names: ["Wide Leg Denim", "Pleated Palazzo Trousers", "Slouchy Cargo Pants"],
    fabrics: ["Denim", "Polyester", "Cotton"],
    collar: "NO_COLLAR",
    sleeve: ["FULL"],
    season: ["NEUTRAL", "SUMMER"],
    prices: [1799, 1499, 1899],
    weight: 470,
    wash: DENIM_WASH,
  },
  {
    gender: "WOMEN",
    categoryType: "UPPERS",
    subcategory: "Regular",
    styleGroup: "WESTERN",
    garment: "dress",
    names: ["Slip Midi Dress", "Denim Shirt Dress"],
    fabrics: ["Polyester", "Denim"],
    collar: "NO_COLLAR",
    sleeve: ["HALF"],
    season: ["SUMMER"],
    prices: [2199, 2699],
    weight: 330,
    wash: GENTLE_WASH,
  },
  {
    gender: "WOMEN",
    categoryType: "UPPERS",
    subcategory: "Regular",
    styleGroup: "TRADITIONS",
    garment: "kurta",
    names: ["Block Print Kurta", "Chikankari Kurta", "Indigo Straight Kurta", "Festive Anarkali Kurta", "Mirror Work Kurti", "Handloom Cotton Kurta"],
    fabrics: ["Cotton", "Blend", "Polyester"],
    collar: "NO_COLLAR",
    sleeve: ["HALF", "FULL"],
    season: ["SUMMER", "NEUTRAL"],
    prices: [1299, 1899, 1499, 3799, 999, 1699],
    weight: 300,
    wash: GENTLE_WASH,
  },
  {
    gender: "WOMEN",
    categoryType: "LOWERS",
    subcategory: "Straight fit",
    styleGroup: "TRADITIONS",
    garment: "trousers",
    names: ["Cotton Palazzo Pants", "Straight Ethnic Pants", "Printed Sharara Pants"],
    fabrics: ["Cotton", "Blend"],
    collar: "NO_COLLAR",
    sleeve: ["FULL"],
    season: ["NEUTRAL", "SUMMER"],
    prices: [899, 799, 1599],
    weight: 350,
    wash: GENTLE_WASH,
  },
]

const SIZE_STEP: Record<Size, number> = { XS: 0, S: 1, M: 2, L: 3, XL: 4, XXL: 5, XXXL: 6 }

function round1(value: number): number {
  return Math.round(value * 10) / 10
}

function measurementsFor(garment: Garment, sleeve: SeedProduct["sleeveType"]): Record<Size, Measurements> {
  const table = {} as Record<Size, Measurements>
  for (const size of SIZES) {
    const step = SIZE_STEP[size]
    if (garment === "jeans" || garment === "trousers" || garment === "cargo") {
      table[size] = {
        waist: 28 + step * 2,
        hip: 36 + step * 2,
        frontLength: round1(39 + step * 0.5),
        inseam: round1(29.5 + step * 0.5),
        unit: "in",
      }
    } else {
      const loose = garment === "hoodie" || garment === "kurta" ? 2 : 0
      table[size] = {
        chest: 36 + loose + step * 2,
        frontLength: round1((garment === "kurta" || garment === "dress" ? 40 : 26) + step * 0.75),
        shoulder: round1(16 + step * 0.75),
        sleeve: round1((sleeve === "FULL" ? 24 : 8) + step * 0.5),
        unit: "in",
      }
    }
  }
  return table
}

/** Stock per size from the product's index; each product has at least one size sold out. */
function stockFor(index: number): Record<Size, number> {
  const stock = {} as Record<Size, number>
  SIZES.forEach((size, i) => {
    const value = 3 + (((index + 3) * (i + 7) * 13) % 38)
    stock[size] = i === index % SIZES.length ? 0 : value
  })
  return stock
}

function describe(name: string, line: Line, fabric: string, colour: string): string {
  const audience = line.gender === "MEN" ? "men's" : "women's"
  return `${name} in ${colour.toLowerCase()} ${fabric.toLowerCase()}: a ${audience} ${line.subcategory.toLowerCase()} piece cut for everyday streetwear, finished to hold its shape wash after wash.`
}

export function buildCatalogue(): SeedProduct[] {
  const products: SeedProduct[] = []
  let index = 0
  for (const line of LINES) {
    line.names.forEach((name, i) => {
      const colour = COLOURS[(index + i) % COLOURS.length]!
      const fabric = line.fabrics[i % line.fabrics.length]!
      const sleeve = line.sleeve[i % line.sleeve.length]!
      const price = line.prices[i % line.prices.length]!
      const hasMrp = index % 3 !== 1
      products.push({
        handle: slugify(`${line.gender}-${name}-${colour.name}`),
        title: name,
        description: describe(name, line, fabric, colour.name),
        garment: line.garment,
        price,
        mrp: hasMrp ? Math.round((price * (1.3 + (index % 4) * 0.1)) / 100) * 100 - 1 : null,
        weightGrams: line.weight + (i % 3) * 20,
        gender: line.gender,
        categoryType: line.categoryType,
        subcategory: line.subcategory,
        styleGroup: line.styleGroup,
        genre: GENRES[index % GENRES.length]!,
        colorName: colour.name,
        colorHex: colour.hex,
        fabric,
        collarStyle: line.collar,
        sleeveType: sleeve,
        seasonFit: line.season[i % line.season.length]!,
        washInstructions: line.wash,
        gstPercent: null,
        countryOfOrigin: "India",
        manufacturer: DEMO_MANUFACTURER,
        stock: stockFor(index),
        measurements: measurementsFor(line.garment, sleeve),
      })
      index += 1
    })
  }
  return products
}
