import { CATEGORY_TYPES, COLLAR_STYLES, DROP_LIMIT_DEFAULT, GENDERS, SEASON_FITS, SLEEVE_TYPES, STYLE_GROUPS } from "@fitshop/contracts"
import { z } from "zod"

/** Garment measurements by category type (spec: uppers chest, front, shoulder, sleeve; lowers waist, hip, front, inseam). */
export const MEASUREMENT_FIELDS = {
  UPPERS: ["chest", "frontLength", "shoulder", "sleeve"],
  LOWERS: ["waist", "hip", "frontLength", "inseam"],
} as const
export const MEASUREMENT_NAMES = ["chest", "frontLength", "shoulder", "sleeve", "waist", "hip", "inseam"] as const
export type MeasurementName = (typeof MEASUREMENT_NAMES)[number]

const measurementValues = z.partialRecord(z.enum(MEASUREMENT_NAMES), z.number().positive())

const sizeForm = z.object({ size: z.string(), stock: z.string(), measurements: measurementValues })

const mediaForm = z.object({
  key: z.string(),
  kind: z.enum(["image", "video"]),
  /** The uploaded `/media/…` address, or a local preview (`blob:`) while the upload runs. */
  url: z.string(),
  altText: z.string(),
  isPrimary: z.boolean(),
  uploading: z.boolean(),
  progress: z.number(),
})

/** What the editor holds: text as typed (numbers parsed on validation), so a half-typed value never disappears. */
export const editorForm = z.object({
  title: z.string(),
  description: z.string(),
  price: z.string(),
  mrp: z.string(),
  gender: z.enum(GENDERS).or(z.literal("")),
  styleGroup: z.enum(STYLE_GROUPS).or(z.literal("")),
  categoryType: z.enum(CATEGORY_TYPES).or(z.literal("")),
  subcategory: z.string(),
  collarStyle: z.enum(COLLAR_STYLES),
  fabric: z.string(),
  seasonFit: z.enum(SEASON_FITS),
  sleeveType: z.enum(SLEEVE_TYPES),
  colorName: z.string(),
  colorHex: z.string(),
  genre: z.string(),
  washInstructions: z.string(),
  gstPercent: z.string(),
  weightGrams: z.string(),
  /** A draft autosaved before the flag existed reads as returnable. */
  returnable: z.boolean().default(true),
  /** Drafts autosaved before the declarations existed read as undeclared. */
  countryOfOrigin: z.string().default(""),
  manufacturer: z.string().default(""),
  /** A scheduled drop: when it opens (datetime-local, India time) and the limit per shopper as typed; drafts from before read as none. */
  dropScheduled: z.boolean().default(false),
  dropOpensAt: z.string().default(""),
  dropLimit: z.string().default(String(DROP_LIMIT_DEFAULT)),
  sizes: z.array(sizeForm),
  media: z.array(mediaForm),
})

export type EditorForm = z.infer<typeof editorForm>
export type SizeForm = z.infer<typeof sizeForm>
export type MediaForm = z.infer<typeof mediaForm>
export type TextField = {
  [K in keyof EditorForm]: EditorForm[K] extends string ? K : never
}[keyof EditorForm]

/** A blank product with the spec's defaults: gender MEN, season NEUTRAL, sleeve HALF, collar NO_COLLAR, returnable. */
export const EMPTY_FORM: EditorForm = {
  title: "",
  description: "",
  price: "",
  mrp: "",
  gender: "MEN",
  styleGroup: "",
  categoryType: "",
  subcategory: "",
  collarStyle: "NO_COLLAR",
  fabric: "",
  seasonFit: "NEUTRAL",
  sleeveType: "HALF",
  colorName: "",
  colorHex: "",
  genre: "",
  washInstructions: "",
  gstPercent: "",
  weightGrams: "",
  returnable: true,
  countryOfOrigin: "",
  manufacturer: "",
  dropScheduled: false,
  dropOpensAt: "",
  dropLimit: String(DROP_LIMIT_DEFAULT),
  sizes: [],
  media: [],
}

export type EditorAction =
  | { type: "load"; form: EditorForm }
  | { type: "field"; field: TextField; value: string }
  | { type: "returnable"; returnable: boolean }
  | { type: "dropScheduled"; scheduled: boolean }
  | { type: "toggleSize"; size: string; order: readonly string[] }
  | { type: "stock"; size: string; value: string }
  | { type: "bulkStock"; value: string }
  | { type: "measurement"; size: string; name: MeasurementName; inches: number | null }
  | { type: "addMedia"; items: MediaForm[] }
  | { type: "mediaProgress"; key: string; progress: number }
  | { type: "mediaUploaded"; key: string; url: string }
  | { type: "removeMedia"; key: string }
  | { type: "primary"; key: string }
  | { type: "altText"; key: string; value: string }

/** The first media item is primary whenever none is (a new list, or the primary one removed). */
function withPrimary(media: MediaForm[]): MediaForm[] {
  if (media.length === 0 || media.some((item) => item.isPrimary)) return media
  return media.map((item, index) => ({ ...item, isPrimary: index === 0 }))
}

/** Sets a text or choice field (a choice outside its list is ignored), with the spec's gender and category rules. */
function withField(form: EditorForm, field: TextField, value: string): EditorForm {
  const parsed = editorForm.shape[field].safeParse(value)
  if (!parsed.success || parsed.data === form[field]) return form
  const next = { ...form, [field]: parsed.data }
  // Changing gender clears the other gender's category fields.
  if (field === "gender") return next.gender === "WOMEN" ? { ...next, categoryType: "", subcategory: "" } : { ...next, styleGroup: "" }
  // Changing categoryType clears subcategory.
  if (field === "categoryType") return { ...next, subcategory: "" }
  return next
}

const mapSize = (form: EditorForm, size: string, change: (row: SizeForm) => SizeForm): EditorForm => ({
  ...form,
  sizes: form.sizes.map((row) => (row.size === size ? change(row) : row)),
})

/** Every change the editor makes, with the spec's rules (section 4) applied where the change happens. */
export function editorReducer(form: EditorForm, action: EditorAction): EditorForm {
  switch (action.type) {
    case "load":
      return action.form
    case "field":
      return withField(form, action.field, action.value)
    case "returnable":
      return { ...form, returnable: action.returnable }
    case "dropScheduled":
      return { ...form, dropScheduled: action.scheduled }
    case "toggleSize": {
      if (form.sizes.some((row) => row.size === action.size)) return { ...form, sizes: form.sizes.filter((row) => row.size !== action.size) }
      const sizes = [...form.sizes, { size: action.size, stock: "", measurements: {} }]
      const rank = (size: string) => (action.order.includes(size) ? action.order.indexOf(size) : action.order.length)
      return { ...form, sizes: sizes.sort((a, b) => rank(a.size) - rank(b.size)) }
    }
    case "stock":
      return mapSize(form, action.size, (row) => ({ ...row, stock: action.value }))
    case "bulkStock":
      return { ...form, sizes: form.sizes.map((row) => ({ ...row, stock: action.value })) }
    case "measurement":
      return mapSize(form, action.size, (row) => {
        const measurements = { ...row.measurements }
        if (action.inches === null) delete measurements[action.name]
        else measurements[action.name] = action.inches
        return { ...row, measurements }
      })
    case "addMedia":
      return { ...form, media: withPrimary([...form.media, ...action.items]) }
    case "mediaProgress":
      return { ...form, media: form.media.map((item) => (item.key === action.key ? { ...item, progress: action.progress } : item)) }
    case "mediaUploaded":
      return {
        ...form,
        media: form.media.map((item) => (item.key === action.key ? { ...item, url: action.url, uploading: false, progress: 1 } : item)),
      }
    case "removeMedia":
      return { ...form, media: withPrimary(form.media.filter((item) => item.key !== action.key)) }
    case "altText":
      return { ...form, media: form.media.map((item) => (item.key === action.key ? { ...item, altText: action.value } : item)) }
    case "primary":
      // Choosing a primary unsets the others.
      return { ...form, media: form.media.map((item) => ({ ...item, isPrimary: item.key === action.key })) }
  }
}
