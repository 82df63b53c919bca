import { GST_BY_RULE_LABEL, GST_RATES } from "@fitshop/contracts"
import { Box, Checkbox, FormControlLabel, FormHelperText, Stack } from "@mui/material"
import { useId } from "react"
import { choicesOf, FormText, SelectField, type StepProps } from "./fields"

/** The legal rates staff may choose over the rule; 0 is an exempt supply. */
const GST_CHOICES = GST_RATES.map(String)
const gstLabel = (rate: string) => (rate === "0" ? "0% (exempt)" : `${rate}%`)

/**
 * Step 4: GST (by the apparel rule unless staff choose a legal rate), shipping weight, whether shoppers may return the product, and the declarations
 * its page must show (country of origin; manufacturer, packer or importer), which a LIVE product needs.
 */
export function TaxStep({ form, dispatch }: StepProps) {
  const hintId = useId()
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <SelectField
          label="GST"
          value={form.gstPercent}
          choices={choicesOf(GST_CHOICES, form.gstPercent, gstLabel)}
          onChange={(value) => dispatch({ type: "field", field: "gstPercent", value })}
          placeholder={GST_BY_RULE_LABEL}
        />
        <FormText form={form} dispatch={dispatch} field="weightGrams" label="Weight (grams)" inputMode="numeric" />
      </Stack>
      <Box>
        <FormControlLabel
          label="Returnable"
          control={
            <Checkbox
              checked={form.returnable}
              onChange={(event) => dispatch({ type: "returnable", returnable: event.target.checked })}
              slotProps={{ input: { "aria-describedby": hintId } }}
            />
          }
        />
        <FormHelperText id={hintId} sx={{ mt: 0 }}>
          Shoppers can return or exchange it within the return window after delivery.
        </FormHelperText>
      </Box>
      <FormText form={form} dispatch={dispatch} field="countryOfOrigin" label="Country of origin" />
      <FormText form={form} dispatch={dispatch} field="manufacturer" label="Manufacturer / packer / importer (name and address)" multiline />
    </Stack>
  )
}
