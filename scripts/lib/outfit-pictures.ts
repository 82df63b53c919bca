import sharp from "sharp"

/**
 * The FITFEED demo's pictures, drawn here rather than downloaded: a shopper's outfit photo (a figure
 * wearing the product's colour in front of a street backdrop) and an avatar (initials on a colour).
 * Shapes only, no fonts, so a picture is the same on every machine.
 */

export const OUTFIT_WIDTH = 1080
export const OUTFIT_HEIGHT = 1350
export const AVATAR_SIZE = 512

export type Garment = "hoodie" | "polo" | "tee" | "kurta" | "dress" | "jeans" | "trousers" | "cargo"
export type Wearer = "MEN" | "WOMEN"

export type OutfitSpec = {
  /** The product's colour, `#rrggbb`. */
  colorHex: string
  garment: Garment
  wearer: Wearer
  /** Anything stable (a handle and a product id): the same seed draws the same picture. */
  seed: string
}

const LOWERS: ReadonlySet<Garment> = new Set(["jeans", "trousers", "cargo"])

export function isLower(garment: Garment): boolean {
  return LOWERS.has(garment)
}

/** Which garment a catalogue product is, from the fields GET /api/products/{id} answers. */
export function garmentOf(product: { title: string; categoryType: string | null; subcategory: string | null }): Garment {
  const title = product.title.toLowerCase()
  const sub = (product.subcategory ?? "").toLowerCase()
  if (product.categoryType === "LOWERS") {
    if (sub.includes("cargo") || title.includes("cargo")) return "cargo"
    if (sub === "jeans" || /jeans|denim/.test(title)) return "jeans"
    return "trousers"
  }
  if (title.includes("dress")) return "dress"
  if (/kurta|kurti/.test(title)) return "kurta"
  if (sub === "hoodies" || title.includes("hoodie")) return "hoodie"
  if (sub === "polo" || title.includes("polo")) return "polo"
  return "tee"
}

/** FNV-1a: a small stable hash of the seed. */
function hash(text: string): number {
  let value = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i)
    value = Math.imul(value, 0x01000193)
  }
  return value >>> 0
}

/** mulberry32: the picture's choices, repeatable from the seed. */
function randomFrom(seed: string): () => number {
  let state = hash(seed)
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function pick<T>(random: () => number, values: readonly T[]): T {
  return values[Math.floor(random() * values.length)]!
}

function rgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16)
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255]
}

function luminance(hex: string): number {
  const [r, g, b] = rgb(hex)
  return r * 0.299 + g * 0.587 + b * 0.114
}

function distance(a: string, b: string): number {
  const [ar, ag, ab] = rgb(a)
  const [br, bg, bb] = rgb(b)
  return Math.hypot(ar - br, ag - bg, ab - bb)
}

function contrast(hex: string): string {
  return luminance(hex) > 150 ? "#1a1a1a" : "#f5f5f5"
}

function shade(hex: string, factor: number): string {
  return `#${rgb(hex)
    .map((channel) =>
      Math.max(0, Math.min(255, Math.round(channel * factor)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`
}

/** Street backdrops: a wall (top to bottom) and the pavement. */
const BACKDROPS = [
  { wall: ["#e4ded5", "#c9c1b5"], floor: "#8f877c" }, // concrete
  { wall: ["#f4c9a8", "#d68f8f"], floor: "#7d5a55" }, // dusk
  { wall: ["#a7d3cc", "#5f9f98"], floor: "#3f5e5a" }, // teal wall
  { wall: ["#f3d67e", "#dca446"], floor: "#8a6a32" }, // mustard shutter
  { wall: ["#373a55", "#1d1f2e"], floor: "#121320" }, // night market
  { wall: ["#c6e3c1", "#8cbf8a"], floor: "#4f6e4d" }, // mint
  { wall: ["#c2614a", "#8e3b2b"], floor: "#4f2a22" }, // brick
  { wall: ["#bcd6f0", "#7fa6d1"], floor: "#4d6580" }, // sky
  { wall: ["#efe9f5", "#c7b6dd"], floor: "#6e6283" }, // lilac studio
] as const

const SKIN = ["#8d5a3b", "#a86b48", "#c68863", "#b07a57", "#7a4a2c", "#9c6644"] as const
const HAIR = ["#17110d", "#241a14", "#2e2018", "#3b2a1e"] as const
const SHOES = ["#f4f4f2", "#1c1c1c", "#c0392b", "#e9e1d1", "#2f4a7a"] as const
const NEUTRAL_TOPS = ["#f2f0eb", "#1f1f1f", "#9a9a9a", "#e8dcc4", "#30343f"] as const
const NEUTRAL_LOWERS = ["#3b5173", "#1f1f1f", "#cdb99a", "#6b6b6b", "#5b6343", "#24324f"] as const

/** The colour of the garment the product is not, far enough from the product's own colour to tell apart. */
function companion(random: () => number, colorHex: string, choices: readonly string[]): string {
  const start = Math.floor(random() * choices.length)
  for (let i = 0; i < choices.length; i++) {
    const choice = choices[(start + i) % choices.length]!
    if (distance(choice, colorHex) > 90) return choice
  }
  return choices[start]!
}

/** Upper garments, centred on x = 0, shoulders at y ≈ 340, waist at y ≈ 720. */
const TOPS: Record<Exclude<Garment, "jeans" | "trousers" | "cargo">, string> = {
  tee: "M-60 330 Q0 372 60 330 L152 346 L236 510 L176 540 L140 468 L136 724 L-136 724 L-140 468 L-176 540 L-236 510 L-152 346 Z",
  polo: "M-52 330 L0 380 L52 330 L150 346 L228 500 L170 530 L138 466 L134 724 L-134 724 L-138 466 L-170 530 L-228 500 L-150 346 Z",
  hoodie: "M-84 322 Q0 290 84 322 L166 352 L236 694 L176 708 L144 470 L146 748 L-146 748 L-144 470 L-176 708 L-236 694 L-166 352 Z",
  kurta: "M-56 330 Q0 364 56 330 L150 350 L224 640 L170 660 L142 470 L180 932 L-180 932 L-142 470 L-170 660 L-224 640 L-150 350 Z",
  dress: "M-56 330 Q0 364 56 330 L122 346 L170 470 L130 492 L112 440 L116 560 L244 1004 L-244 1004 L-116 560 L-112 440 L-130 492 L-170 470 L-122 346 Z",
}

/** Lower garments, waist at y = 700, hems at y = 1180. */
const BOTTOMS: Record<"jeans" | "trousers" | "cargo", string> = {
  jeans: "M-136 700 L136 700 L150 1180 L30 1180 L4 804 L-4 804 L-30 1180 L-150 1180 Z",
  trousers: "M-140 700 L140 700 L192 1180 L28 1180 L4 820 L-4 820 L-28 1180 L-192 1180 Z",
  cargo: "M-140 700 L140 700 L182 1180 L30 1180 L4 812 L-4 812 L-30 1180 L-182 1180 Z",
}

function topDetails(garment: Garment, color: string): string {
  const accent = contrast(color)
  const line = (d: string, width = 6) => `<path d="${d}" fill="none" stroke="${accent}" stroke-opacity="0.55" stroke-width="${width}" stroke-linecap="round"/>`
  switch (garment) {
    case "hoodie":
      return (
        `<path d="M-84 322 Q0 388 84 322 L96 336 Q0 410 -96 336 Z" fill="${shade(color, 0.82)}"/>` +
        line("M-22 372 L-26 470", 5) +
        line("M22 372 L26 470", 5) +
        `<path d="M-92 580 L92 580 L112 690 L-112 690 Z" fill="none" stroke="${accent}" stroke-opacity="0.45" stroke-width="6" stroke-linejoin="round"/>` +
        line("M-140 730 L140 730", 10)
      )
    case "polo":
      return (
        `<path d="M-52 330 L-8 384 L-70 372 Z M52 330 L8 384 L70 372 Z" fill="${shade(color, 0.78)}"/>` +
        line("M0 384 L0 470", 4) +
        `<circle cx="0" cy="412" r="6" fill="${accent}" fill-opacity="0.7"/><circle cx="0" cy="446" r="6" fill="${accent}" fill-opacity="0.7"/>`
      )
    case "kurta":
      return (
        line("M-40 344 Q0 420 40 344", 7) +
        `<g fill="${accent}" fill-opacity="0.6">${[0, 1, 2, 3, 4].map((i) => `<circle cx="0" cy="${440 + i * 40}" r="7"/>`).join("")}</g>` +
        line("M-176 900 L176 900", 12)
      )
    case "dress":
      return line("M-40 344 Q0 410 40 344", 6) + line("M-116 560 L116 560", 10)
    default:
      return (
        line("M-60 332 Q0 378 60 332", 8) +
        `<circle cx="0" cy="520" r="58" fill="none" stroke="${accent}" stroke-opacity="0.5" stroke-width="10"/>` +
        `<path d="M-30 520 L0 484 L30 520 L0 556 Z" fill="${accent}" fill-opacity="0.5"/>`
      )
  }
}

function bottomDetails(garment: Garment, color: string): string {
  const accent = contrast(color)
  const stroke = `fill="none" stroke="${accent}" stroke-opacity="0.45" stroke-width="6" stroke-linecap="round"`
  const base = `<path d="M-136 736 L136 736" ${stroke}/><path d="M-110 742 Q-86 800 -48 800" ${stroke}/><path d="M110 742 Q86 800 48 800" ${stroke}/>`
  if (garment === "cargo")
    return base + `<rect x="-176" y="880" width="84" height="104" rx="10" ${stroke}/><rect x="92" y="880" width="84" height="104" rx="10" ${stroke}/>`
  if (garment === "jeans") return base + `<path d="M-80 1150 L-146 1150 M80 1150 L146 1150" ${stroke}/>`
  return base
}

/** The outfit photo as SVG: backdrop, pavement, shadow, then the figure from the back (hair) to the front (accessories). */
export function outfitSvg({ colorHex, garment, wearer, seed }: OutfitSpec): string {
  const random = randomFrom(`${seed}|${garment}`)
  const backdrop = pick(random, BACKDROPS)
  const skin = pick(random, SKIN)
  const hair = pick(random, HAIR)
  const shoes = pick(random, SHOES)
  const productIsLower = isLower(garment)
  const top: keyof typeof TOPS = productIsLower
    ? wearer === "WOMEN"
      ? pick(random, ["tee", "tee", "hoodie"] as const)
      : pick(random, ["tee", "hoodie", "polo"] as const)
    : (garment as keyof typeof TOPS)
  const topColor = productIsLower ? companion(random, colorHex, NEUTRAL_TOPS) : colorHex
  const bottom: keyof typeof BOTTOMS | null = productIsLower
    ? (garment as keyof typeof BOTTOMS)
    : top === "dress"
      ? null
      : pick(random, ["jeans", "trousers", "jeans", "cargo"] as const)
  const bottomColor = productIsLower ? colorHex : companion(random, colorHex, NEUTRAL_LOWERS)
  const x = OUTFIT_WIDTH / 2 + Math.round((random() - 0.5) * 160)
  const scale = (0.94 + random() * 0.1).toFixed(3)
  const lean = ((random() - 0.5) * 6).toFixed(2)
  const armSwing = Math.round((random() - 0.5) * 40)
  const longSleeves = top === "hoodie"
  const feetY = 1180

  const stripes = Array.from({ length: 3 + Math.floor(random() * 3) }, () => {
    const sx = Math.round(random() * OUTFIT_WIDTH)
    const width = 40 + Math.round(random() * 160)
    return `<rect x="${sx}" y="0" width="${width}" height="1120" fill="#fff" opacity="${(0.04 + random() * 0.08).toFixed(2)}"/>`
  }).join("")
  const sign =
    random() < 0.5
      ? `<circle cx="${Math.round(140 + random() * 800)}" cy="${Math.round(140 + random() * 200)}" r="${Math.round(50 + random() * 70)}" fill="${contrast(backdrop.wall[0])}" opacity="0.08"/>`
      : `<rect x="${Math.round(80 + random() * 700)}" y="${Math.round(100 + random() * 180)}" width="${Math.round(160 + random() * 180)}" height="${Math.round(60 + random() * 60)}" rx="12" fill="${contrast(backdrop.wall[0])}" opacity="0.08"/>`

  // Arms (skin) sit behind the top, so the sleeves cover their upper part.
  const arm = (side: 1 | -1) => {
    const shoulderX = side * 170
    const handX = side * (226 + (side === 1 ? armSwing : -armSwing) / 2)
    const handY = longSleeves ? 712 : 716
    return (
      `<path d="M${shoulderX} 380 L${side * 214} 530 L${handX} ${handY}" fill="none" stroke="${skin}" stroke-width="52" stroke-linecap="round" stroke-linejoin="round"/>` +
      `<circle cx="${handX}" cy="${handY + 18}" r="30" fill="${skin}"/>`
    )
  }
  const legs = bottom === null ? `<path d="M-62 980 L-70 ${feetY} M62 980 L70 ${feetY}" stroke="${skin}" stroke-width="56" stroke-linecap="round"/>` : ""
  const hairBack = wearer === "WOMEN" ? `<path d="M-86 210 Q-104 330 -92 420 L92 420 Q104 330 86 210 Q0 130 -86 210 Z" fill="${hair}"/>` : ""
  const hairTop =
    wearer === "WOMEN"
      ? `<path d="M-80 222 Q-70 132 0 128 Q76 132 84 226 Q40 176 -80 222 Z" fill="${hair}"/>`
      : random() < 0.5
        ? `<path d="M-82 210 Q-60 120 20 126 Q88 136 86 206 L86 190 Q-20 160 -100 206 Z" fill="${shade(pick(random, NEUTRAL_TOPS), 0.9)}"/><path d="M40 196 Q110 200 130 214 Q80 218 60 214 Z" fill="${shade(pick(random, NEUTRAL_TOPS), 0.8)}"/>`
        : `<path d="M-76 222 Q-74 136 0 132 Q74 136 78 222 Q40 170 -76 222 Z" fill="${hair}"/>`
  const shades =
    random() < 0.4
      ? `<rect x="-52" y="216" width="44" height="22" rx="8" fill="#111"/><rect x="8" y="216" width="44" height="22" rx="8" fill="#111"/><path d="M-8 224 L8 224" stroke="#111" stroke-width="4"/>`
      : ""
  const bag =
    random() < 0.45
      ? `<path d="M-120 352 L150 760" stroke="${shade(bottomColor, 0.6)}" stroke-width="10"/><rect x="120" y="740" width="110" height="90" rx="14" fill="${shade(bottomColor, 0.6)}"/>`
      : random() < 0.5
        ? `<path d="M-40 350 Q0 420 40 350" fill="none" stroke="#d4af37" stroke-width="5"/>`
        : ""

  // A hoodie's hood lies behind the head.
  const hood = top === "hoodie" ? `<path d="M-104 336 Q-126 196 0 150 Q126 196 104 336 Z" fill="${shade(topColor, 0.72)}"/>` : ""
  const figure = [
    hood,
    hairBack,
    arm(-1),
    arm(1),
    legs,
    `<rect x="-24" y="280" width="48" height="70" rx="16" fill="${skin}"/>`,
    `<ellipse cx="0" cy="220" rx="76" ry="92" fill="${skin}"/>`,
    hairTop,
    shades,
    bottom
      ? `<path d="${BOTTOMS[bottom]}" fill="${bottomColor}" stroke="#000" stroke-opacity="0.3" stroke-width="4" stroke-linejoin="round"/>${bottomDetails(bottom, bottomColor)}`
      : "",
    `<ellipse cx="-92" cy="${feetY + 20}" rx="66" ry="26" fill="${shoes}" stroke="#000" stroke-opacity="0.25" stroke-width="3"/>`,
    `<ellipse cx="92" cy="${feetY + 20}" rx="66" ry="26" fill="${shoes}" stroke="#000" stroke-opacity="0.25" stroke-width="3"/>`,
    `<path d="${TOPS[top]}" fill="${topColor}" stroke="#000" stroke-opacity="0.3" stroke-width="4" stroke-linejoin="round"/>`,
    topDetails(top, topColor),
    bag,
  ].join("")

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OUTFIT_WIDTH}" height="${OUTFIT_HEIGHT}" viewBox="0 0 ${OUTFIT_WIDTH} ${OUTFIT_HEIGHT}">
<defs>
<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${backdrop.wall[0]}"/><stop offset="1" stop-color="${backdrop.wall[1]}"/></linearGradient>
<radialGradient id="light" cx="0.3" cy="0.2" r="0.9"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="1" stop-color="#000" stop-opacity="0.18"/></radialGradient>
</defs>
<rect width="${OUTFIT_WIDTH}" height="${OUTFIT_HEIGHT}" fill="url(#wall)"/>
${stripes}${sign}
<rect x="0" y="1120" width="${OUTFIT_WIDTH}" height="${OUTFIT_HEIGHT - 1120}" fill="${backdrop.floor}"/>
<ellipse cx="${x}" cy="${feetY + 40}" rx="250" ry="34" fill="#000" opacity="0.22"/>
<g transform="translate(${x} 0) rotate(${lean} 0 ${feetY}) translate(0 ${feetY}) scale(${scale}) translate(0 -${feetY})">${figure}</g>
<rect width="${OUTFIT_WIDTH}" height="${OUTFIT_HEIGHT}" fill="url(#light)"/>
</svg>`
}

/** The outfit photo as a 1080×1350 JPEG, what a phone would upload. */
export async function outfitPicture(spec: OutfitSpec): Promise<Buffer> {
  return sharp(Buffer.from(outfitSvg(spec)))
    .jpeg({ quality: 86, mozjpeg: true })
    .toBuffer()
}

/** Capital letters as strokes on a 4×6 grid: initials without depending on the machine's fonts. */
const LETTERS: Record<string, number[][][]> = {
  A: [
    [
      [0, 6],
      [2, 0],
      [4, 6],
    ],
    [
      [0.8, 3.8],
      [3.2, 3.8],
    ],
  ],
  B: [
    [
      [0, 3],
      [0, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [0, 3],
      [0, 6],
      [3, 6],
      [4, 5],
      [4, 4],
      [3, 3],
    ],
  ],
  C: [
    [
      [4, 1],
      [3, 0],
      [1, 0],
      [0, 1],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
    ],
  ],
  D: [
    [
      [0, 0],
      [0, 6],
      [2.5, 6],
      [4, 4.5],
      [4, 1.5],
      [2.5, 0],
      [0, 0],
    ],
  ],
  E: [
    [
      [4, 0],
      [0, 0],
      [0, 6],
      [4, 6],
    ],
    [
      [0, 3],
      [3, 3],
    ],
  ],
  F: [
    [
      [4, 0],
      [0, 0],
      [0, 6],
    ],
    [
      [0, 3],
      [3, 3],
    ],
  ],
  G: [
    [
      [4, 1],
      [3, 0],
      [1, 0],
      [0, 1],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 3.5],
      [2.2, 3.5],
    ],
  ],
  H: [
    [
      [0, 0],
      [0, 6],
    ],
    [
      [4, 0],
      [4, 6],
    ],
    [
      [0, 3],
      [4, 3],
    ],
  ],
  I: [
    [
      [1, 0],
      [3, 0],
    ],
    [
      [2, 0],
      [2, 6],
    ],
    [
      [1, 6],
      [3, 6],
    ],
  ],
  J: [
    [
      [1, 0],
      [4, 0],
    ],
    [
      [3, 0],
      [3, 5],
      [2, 6],
      [1, 6],
      [0, 5],
    ],
  ],
  K: [
    [
      [0, 0],
      [0, 6],
    ],
    [
      [4, 0],
      [0, 3.6],
    ],
    [
      [1.4, 2.6],
      [4, 6],
    ],
  ],
  L: [
    [
      [0, 0],
      [0, 6],
      [4, 6],
    ],
  ],
  M: [
    [
      [0, 6],
      [0, 0],
      [2, 3.2],
      [4, 0],
      [4, 6],
    ],
  ],
  N: [
    [
      [0, 6],
      [0, 0],
      [4, 6],
      [4, 0],
    ],
  ],
  O: [
    [
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5],
      [0, 1],
      [1, 0],
    ],
  ],
  P: [
    [
      [0, 6],
      [0, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [0, 3],
    ],
  ],
  Q: [
    [
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5],
      [0, 1],
      [1, 0],
    ],
    [
      [2.5, 4.5],
      [4, 6.2],
    ],
  ],
  R: [
    [
      [0, 6],
      [0, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [0, 3],
    ],
    [
      [2, 3],
      [4, 6],
    ],
  ],
  S: [
    [
      [4, 1],
      [3, 0],
      [1, 0],
      [0, 1],
      [0, 2],
      [1, 3],
      [3, 3],
      [4, 4],
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5],
    ],
  ],
  T: [
    [
      [0, 0],
      [4, 0],
    ],
    [
      [2, 0],
      [2, 6],
    ],
  ],
  U: [
    [
      [0, 0],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 0],
    ],
  ],
  V: [
    [
      [0, 0],
      [2, 6],
      [4, 0],
    ],
  ],
  W: [
    [
      [0, 0],
      [1, 6],
      [2, 3],
      [3, 6],
      [4, 0],
    ],
  ],
  X: [
    [
      [0, 0],
      [4, 6],
    ],
    [
      [4, 0],
      [0, 6],
    ],
  ],
  Y: [
    [
      [0, 0],
      [2, 3],
      [4, 0],
    ],
    [
      [2, 3],
      [2, 6],
    ],
  ],
  Z: [
    [
      [0, 0],
      [4, 0],
      [0, 6],
      [4, 6],
    ],
  ],
}

const AVATAR_COLOURS = [
  "#e4572e",
  "#17bebb",
  "#2e282a",
  "#76b041",
  "#ffc914",
  "#7a28cb",
  "#ff6f91",
  "#3d5a80",
  "#c05746",
  "#0f7173",
  "#8d6a9f",
  "#f28f3b",
] as const

export function initialsOf(name: string): string {
  const words = name
    .toUpperCase()
    .replace(/[^A-Z ]/g, "")
    .split(/\s+/)
    .filter(Boolean)
  const letters = words.length > 1 ? `${words[0]![0]}${words.at(-1)![0]}` : (words[0] ?? "").slice(0, 2)
  return letters || "?"
}

/** A square avatar: the name's initials drawn in strokes on a colour picked from the name. */
export function avatarSvg(name: string): string {
  const background = AVATAR_COLOURS[hash(name) % AVATAR_COLOURS.length]!
  const ink = contrast(background)
  const letters = [...initialsOf(name)].filter((letter) => LETTERS[letter])
  const unit = 30 // one grid step in pixels: a letter is 120×180
  const gap = 50
  const width = letters.length * 4 * unit + Math.max(0, letters.length - 1) * gap
  const left = (AVATAR_SIZE - width) / 2
  const top = (AVATAR_SIZE - 6 * unit) / 2
  const strokes = letters
    .map((letter, index) => {
      const offset = left + index * (4 * unit + gap)
      return LETTERS[letter]!.map((line) => `<polyline points="${line.map(([lx, ly]) => `${offset + lx! * unit},${top + ly! * unit}`).join(" ")}"/>`).join("")
    })
    .join("")
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR_SIZE}" height="${AVATAR_SIZE}" viewBox="0 0 ${AVATAR_SIZE} ${AVATAR_SIZE}">
<rect width="${AVATAR_SIZE}" height="${AVATAR_SIZE}" fill="${background}"/>
<circle cx="${AVATAR_SIZE * 0.82}" cy="${AVATAR_SIZE * 0.16}" r="${AVATAR_SIZE * 0.3}" fill="#fff" opacity="0.1"/>
<g fill="none" stroke="${ink}" stroke-width="26" stroke-linecap="round" stroke-linejoin="round">${strokes}</g>
</svg>`
}

/** The avatar as a 512×512 PNG. */
export async function avatarPicture(name: string): Promise<Buffer> {
  return sharp(Buffer.from(avatarSvg(name)))
    .png()
    .toBuffer()
}
