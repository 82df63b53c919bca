import { Stack } from "@mui/material"
import { FormText, type StepProps } from "./fields"

/** Step 4: GST (0 to 28 when filled) and shipping weight. */
export function TaxStep({ form, dispatch }: StepProps) {
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
      <FormText form={form} dispatch={dispatch} field="gstPercent" label="GST (%)" inputMode="decimal" />
      <FormText form={form} dispatch={dispatch} field="weightGrams" label="Weight (grams)" inputMode="numeric" />
    </Stack>
  )
}
