import { Box, Checkbox, FormControlLabel, FormHelperText, Stack } from "@mui/material"
import { useId } from "react"
import { FormText, type StepProps } from "./fields"

/**
 * Step 4: GST (0 to 28 when filled), shipping weight, whether shoppers may return the product, and the declarations
 * its page must show (country of origin; manufacturer, packer or importer), which a LIVE product needs.
 */
export function TaxStep({ form, dispatch }: StepProps) {
  const hintId = useId()
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <FormText form={form} dispatch={dispatch} field="gstPercent" label="GST (%)" inputMode="decimal" />
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
