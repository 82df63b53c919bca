import { DROP_LIMIT_MAX, DROP_LIMIT_MIN, dropOpensMessage } from "@fitshop/contracts"
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material"
import { useId, useState } from "react"
import { indiaLocalToIso } from "./drop-time"
import type { StepProps } from "./fields"
import { MEASUREMENT_FIELDS, type MeasurementName } from "./form-state"
import { MeasurementInput } from "./MeasurementInput"
import type { LengthUnit } from "./measurements"

const MEASUREMENT_LABELS: Record<MeasurementName, string> = {
  chest: "Chest",
  frontLength: "Front length",
  shoulder: "Shoulder",
  sleeve: "Sleeve",
  waist: "Waist",
  hip: "Hip",
  inseam: "Inseam",
}

/** Step 2: which sizes, stock per size (or one number for all), measurements in inches or cm, and a scheduled drop. */
export function SizesStep({ form, dispatch, sizes }: StepProps & { sizes: readonly string[] }) {
  const [bulkStock, setBulkStock] = useState("")
  const [unit, setUnit] = useState<LengthUnit>("in")
  const selected = new Set(form.sizes.map((row) => row.size))
  const measurementNames = MEASUREMENT_FIELDS[form.categoryType === "LOWERS" ? "LOWERS" : "UPPERS"]
  return (
    <Stack spacing={2}>
      <FormGroup row role="group" aria-label="Sizes">
        {sizes.map((size) => (
          <FormControlLabel
            key={size}
            label={size}
            control={<Checkbox checked={selected.has(size)} onChange={() => dispatch({ type: "toggleSize", size, order: sizes })} />}
          />
        ))}
      </FormGroup>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
        <TextField
          size="small"
          label="Bulk stock"
          value={bulkStock}
          onChange={(event) => setBulkStock(event.target.value)}
          slotProps={{ htmlInput: { inputMode: "numeric" } }}
        />
        <Button
          variant="outlined"
          disabled={selected.size === 0 || bulkStock.trim() === ""}
          onClick={() => dispatch({ type: "bulkStock", value: bulkStock.trim() })}
        >
          Apply to selected sizes
        </Button>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={unit}
          aria-label="Measurement unit"
          onChange={(_event, value: LengthUnit | null) => value && setUnit(value)}
        >
          <ToggleButton value="in">inch</ToggleButton>
          <ToggleButton value="cm">cm</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {form.sizes.map((row) => (
        <Box key={row.size} sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center" }}>
          <Typography sx={{ minWidth: "3rem", fontWeight: 600 }}>{row.size}</Typography>
          <TextField
            size="small"
            label={`Stock (${row.size})`}
            value={row.stock}
            onChange={(event) => dispatch({ type: "stock", size: row.size, value: event.target.value })}
            slotProps={{ htmlInput: { inputMode: "numeric" } }}
          />
          {measurementNames.map((name) => (
            <MeasurementInput
              key={`${name}-${unit}`}
              label={`${MEASUREMENT_LABELS[name]} ${row.size}`}
              inches={row.measurements[name]}
              unit={unit}
              onChange={(inches) => dispatch({ type: "measurement", size: row.size, name, inches })}
            />
          ))}
        </Box>
      ))}
      <DropFields form={form} dispatch={dispatch} />
    </Stack>
  )
}

/** A drop opens for sale at a moment staff choose, typed in India time; until then ADD TO BAG says when, in these words. */
function DropFields({ form, dispatch }: StepProps) {
  const hintId = useId()
  const startsAt = indiaLocalToIso(form.dropOpensAt)
  const hint =
    form.dropScheduled && !Number.isNaN(Date.parse(startsAt))
      ? `Until then, ADD TO BAG answers “${dropOpensMessage(startsAt)}”.`
      : "Not sold before the time you set; shoppers see when it opens."
  return (
    <Box>
      <FormControlLabel
        label="Scheduled drop"
        control={
          <Checkbox
            checked={form.dropScheduled}
            onChange={(event) => dispatch({ type: "dropScheduled", scheduled: event.target.checked })}
            slotProps={{ input: { "aria-describedby": hintId } }}
          />
        }
      />
      {form.dropScheduled && (
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mt: 1 }}>
          <TextField
            type="datetime-local"
            label="Opens at (India time)"
            value={form.dropOpensAt}
            onChange={(event) => dispatch({ type: "field", field: "dropOpensAt", value: event.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="number"
            label="Limit per shopper"
            value={form.dropLimit}
            onChange={(event) => dispatch({ type: "field", field: "dropLimit", value: event.target.value })}
            slotProps={{ htmlInput: { min: DROP_LIMIT_MIN, max: DROP_LIMIT_MAX, step: 1, inputMode: "numeric" } }}
          />
        </Stack>
      )}
      <FormHelperText id={hintId}>{hint}</FormHelperText>
    </Box>
  )
}
