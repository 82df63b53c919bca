import { COLLAR_STYLES, COLOR_NAMES, FABRICS, GENRES, SEASON_FITS, SLEEVE_TYPES, SUBCATEGORIES } from "@fitshop/contracts"
import { Stack } from "@mui/material"
import { choicesOf, FormText, labelOf, SelectField, type StepProps } from "./fields"

const GENDER_CHOICES = [
  { value: "MEN", label: "Men" },
  { value: "WOMEN", label: "Women" },
]
const CATEGORY_TYPE_CHOICES = [
  { value: "UPPERS", label: "Uppers" },
  { value: "LOWERS", label: "Lowers" },
]
const STYLE_GROUP_CHOICES = [
  { value: "WESTERN", label: "Western" },
  { value: "TRADITIONS", label: "Traditions" },
]

/** Step 1: name, prices, and the gender with its category fields (men: type and subcategory; women: style group). */
export function BasicsStep({ form, dispatch }: StepProps) {
  const subcategories = form.categoryType ? SUBCATEGORIES[form.categoryType] : []
  return (
    <Stack spacing={2}>
      <FormText form={form} dispatch={dispatch} field="title" label="Product name" />
      <FormText form={form} dispatch={dispatch} field="description" label="Description" multiline />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <FormText form={form} dispatch={dispatch} field="price" label="Price (₹)" inputMode="decimal" />
        <FormText form={form} dispatch={dispatch} field="mrp" label="MRP (₹)" inputMode="decimal" />
      </Stack>
      <SelectField
        label="Gender"
        value={form.gender}
        choices={GENDER_CHOICES}
        placeholder="Select…"
        onChange={(value) => dispatch({ type: "field", field: "gender", value })}
      />
      {form.gender === "MEN" && (
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <SelectField
            label="Category Type"
            value={form.categoryType}
            choices={CATEGORY_TYPE_CHOICES}
            placeholder="Select…"
            onChange={(value) => dispatch({ type: "field", field: "categoryType", value })}
          />
          <SelectField
            label="Subcategory"
            value={form.subcategory}
            choices={choicesOf(subcategories, form.subcategory)}
            placeholder="Select…"
            onChange={(value) => dispatch({ type: "field", field: "subcategory", value })}
          />
        </Stack>
      )}
      {form.gender === "WOMEN" && (
        <SelectField
          label="Category (Western / Traditions)"
          value={form.styleGroup}
          choices={STYLE_GROUP_CHOICES}
          placeholder="Select…"
          onChange={(value) => dispatch({ type: "field", field: "styleGroup", value })}
        />
      )}
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <SelectField
          label="Collar style"
          value={form.collarStyle}
          choices={choicesOf(COLLAR_STYLES, "", labelOf)}
          onChange={(value) => dispatch({ type: "field", field: "collarStyle", value })}
        />
        <SelectField
          label="Sleeve type"
          value={form.sleeveType}
          choices={choicesOf(SLEEVE_TYPES, "", labelOf)}
          onChange={(value) => dispatch({ type: "field", field: "sleeveType", value })}
        />
        <SelectField
          label="Season fit"
          value={form.seasonFit}
          choices={choicesOf(SEASON_FITS, "", labelOf)}
          onChange={(value) => dispatch({ type: "field", field: "seasonFit", value })}
        />
      </Stack>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <SelectField
          label="Fabric"
          value={form.fabric}
          choices={choicesOf(FABRICS, form.fabric)}
          placeholder="None"
          onChange={(value) => dispatch({ type: "field", field: "fabric", value })}
        />
        <SelectField
          label="Colour"
          value={form.colorName}
          choices={choicesOf(COLOR_NAMES, form.colorName)}
          placeholder="None"
          onChange={(value) => dispatch({ type: "field", field: "colorName", value })}
        />
        <FormText form={form} dispatch={dispatch} field="colorHex" label="Colour hex (#1a2b3c)" />
        <SelectField
          label="Genre"
          value={form.genre}
          choices={choicesOf(GENRES, form.genre)}
          placeholder="None"
          onChange={(value) => dispatch({ type: "field", field: "genre", value })}
        />
      </Stack>
      <FormText form={form} dispatch={dispatch} field="washInstructions" label="Wash instructions" multiline />
    </Stack>
  )
}
