import { adminProductInput, EDITOR_MESSAGES, EDITOR_STEPS, FIELD_STEP, publishProblems, sizeRow, type EditorStep } from "@fitshop/contracts"
import { indiaLocalToIso } from "./drop-time"
import type { EditorForm } from "./form-state"

export type EditorProblem = { step: EditorStep; message: string }

/** A typed number, NaN when the text is not one (so the contract answers with its own message), null when empty. */
function parsedNumber(text: string): number | null {
  const trimmed = text.trim()
  return trimmed === "" ? null : Number(trimmed)
}

/** Stock is a whole number typed as digits; anything else is NaN, which the contract refuses with "Stock must be numbers". */
const parsedStock = (text: string): number => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN)

const orNull = (text: string): string | null => (text.trim() === "" ? null : text.trim())

/** The editor's payload for the shared contract to check (`adminProductInput`); media still uploading is left out. */
export function toProductInput(form: EditorForm, status: "DRAFT" | "LIVE") {
  const uploaded = form.media.filter((item) => !item.uploading)
  const media = (kind: "image" | "video") =>
    uploaded
      .filter((item) => item.kind === kind)
      .map((item, index) => ({ url: item.url, altText: orNull(item.altText), isPrimary: item.isPrimary, position: index + 1 }))
  return {
    title: form.title,
    description: form.description,
    price: parsedNumber(form.price),
    mrp: parsedNumber(form.mrp),
    gender: form.gender || null,
    styleGroup: form.styleGroup || null,
    categoryType: form.categoryType || null,
    subcategory: orNull(form.subcategory),
    collarStyle: form.collarStyle,
    fabric: orNull(form.fabric),
    seasonFit: form.seasonFit,
    sleeveType: form.sleeveType,
    colorName: orNull(form.colorName),
    colorHex: orNull(form.colorHex),
    genre: orNull(form.genre),
    washInstructions: orNull(form.washInstructions),
    gstPercent: parsedNumber(form.gstPercent),
    weightGrams: parsedNumber(form.weightGrams),
    returnable: form.returnable,
    countryOfOrigin: orNull(form.countryOfOrigin),
    manufacturer: orNull(form.manufacturer),
    // An empty limit takes the contract's default (1).
    drop: form.dropScheduled ? { startsAt: indiaLocalToIso(form.dropOpensAt), limitPerShopper: parsedNumber(form.dropLimit) ?? undefined } : null,
    sizes: form.sizes.map((row) => ({
      size: row.size,
      stock: parsedStock(row.stock),
      measurements: Object.keys(row.measurements).length > 0 ? { ...row.measurements, unit: "in" } : null,
    })),
    images: media("image"),
    videos: media("video"),
    status,
  }
}

/** A size left without stock reads "provide inventory" rather than "Stock must be numbers". */
function emptyStock(form: EditorForm, path: readonly PropertyKey[]): boolean {
  const [field, index, key] = path
  return field === "sizes" && typeof index === "number" && key === "stock" && form.sizes[index]?.stock.trim() === ""
}

const stepOf = (field: unknown): EditorStep => (typeof field === "string" ? FIELD_STEP[field] : undefined) ?? "Basics"

/**
 * Everything that stops the product from going LIVE, in step order: the contract's own refusals and
 * its publish rules. A draft needs only its title, so `draft` checks what a draft save sends.
 */
export function editorProblems(form: EditorForm, { draft = false }: { draft?: boolean } = {}): EditorProblem[] {
  const input = toProductInput(form, "DRAFT")
  const problems: EditorProblem[] = []
  const parsed = adminProductInput.safeParse(input)
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      problems.push({ step: stepOf(issue.path[0]), message: emptyStock(form, issue.path) ? EDITOR_MESSAGES.sizes : issue.message })
  }
  if (!draft) {
    // The sizes chosen (their stock is the contract's own rule, above); media still uploading does not count.
    const sizes = form.sizes.flatMap((row) => {
      const parsedRow = sizeRow.safeParse({ size: row.size, stock: 0 })
      return parsedRow.success ? [parsedRow.data] : []
    })
    const media = form.media.filter((item) => !item.uploading).map((item) => ({ url: item.url, altText: null, isPrimary: item.isPrimary }))
    const publishable = {
      price: input.price === null || input.price === undefined || Number.isNaN(input.price) ? null : input.price,
      gender: input.gender ?? null,
      styleGroup: input.styleGroup ?? null,
      categoryType: input.categoryType ?? null,
      subcategory: input.subcategory ?? null,
      sizes,
      images: media,
      videos: [],
      countryOfOrigin: input.countryOfOrigin,
      manufacturer: input.manufacturer,
    }
    for (const problem of publishProblems(publishable)) problems.push({ step: problem.step, message: problem.message })
  }
  const unique = problems.filter((problem, index) => problems.findIndex((other) => other.step === problem.step && other.message === problem.message) === index)
  return unique.sort((a, b) => EDITOR_STEPS.indexOf(a.step) - EDITOR_STEPS.indexOf(b.step))
}

/** The messages of one step (the wizard's Next waits until there are none). */
export const stepMessages = (problems: EditorProblem[], step: number): string[] =>
  problems.filter((problem) => problem.step === EDITOR_STEPS[step]).map((problem) => problem.message)

/** The step bar: earlier steps, and any step whose previous steps are all valid. */
export function canOpenStep(problems: EditorProblem[], current: number, target: number): boolean {
  if (target <= current) return true
  for (let step = 0; step < target; step += 1) if (stepMessages(problems, step).length > 0) return false
  return true
}
