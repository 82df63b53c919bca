import { formatPaise, GST_BY_RULE_LABEL, indiaDateTime } from "@fitshop/contracts"
import { Stack, Typography } from "@mui/material"
import { indiaLocalToIso } from "./drop-time"
import type { EditorForm } from "./form-state"

const row = (label: string, value: string) => (
  <Typography key={label}>
    <strong>{label}:</strong> {value || "—"}
  </Typography>
)

/** "Opens 24 Dec 2026, 8:00 pm IST, 2 per shopper"; the start left out while it is not a date. */
function dropSummary(form: EditorForm): string {
  if (!form.dropScheduled) return "Not a drop"
  const startsAt = indiaLocalToIso(form.dropOpensAt)
  const opens = Number.isNaN(Date.parse(startsAt)) ? "Opening time not set" : `Opens ${indiaDateTime(startsAt)}`
  return `${opens}, ${form.dropLimit.trim() || "1"} per shopper`
}

/** Step 5: what will be saved, read back before Save draft or Publish. */
export function ReviewStep({ form }: { form: EditorForm }) {
  const price = Number(form.price)
  const category = form.gender === "WOMEN" ? form.styleGroup : [form.categoryType, form.subcategory].filter(Boolean).join(" / ")
  const images = form.media.filter((item) => item.kind === "image").length
  const videos = form.media.length - images
  return (
    <Stack spacing={1}>
      {row("Product name", form.title)}
      {row("Price", form.price.trim() !== "" && Number.isFinite(price) ? formatPaise(Math.round(price * 100)) : "")}
      {row("Gender", form.gender)}
      {row("Category", category)}
      {row("Sizes", form.sizes.map((size) => `${size.size} (${size.stock || "0"})`).join(", "))}
      {row("Drop", dropSummary(form))}
      {row("Media", `${String(images)} image(s), ${String(videos)} video(s)`)}
      {row("GST", form.gstPercent ? `${form.gstPercent}%` : GST_BY_RULE_LABEL)}
      {row("Weight", form.weightGrams ? `${form.weightGrams} g` : "")}
      {row("Returns", form.returnable ? "Returnable" : "Not returnable")}
      {row("Country of origin", form.countryOfOrigin.trim())}
      {row("Manufacturer / packer / importer", form.manufacturer.trim())}
    </Stack>
  )
}
