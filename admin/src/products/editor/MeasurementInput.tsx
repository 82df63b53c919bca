import { TextField } from "@mui/material"
import { useState } from "react"
import { shownLength, storedInches, type LengthUnit } from "./measurements"

type Props = { label: string; inches: number | undefined; unit: LengthUnit; onChange: (inches: number | null) => void }

/**
 * One measurement in the chosen unit. It keeps the text as typed ("12." stays "12.") and stores inches;
 * the parent remounts it (key = unit) when the unit changes, so it then shows the converted value.
 */
export function MeasurementInput({ label, inches, unit, onChange }: Props) {
  const [text, setText] = useState(inches === undefined ? "" : String(shownLength(inches, unit)))
  return (
    <TextField
      size="small"
      label={`${label} (${unit})`}
      value={text}
      slotProps={{ htmlInput: { inputMode: "decimal" } }}
      onChange={(event) => {
        setText(event.target.value)
        const typed = Number(event.target.value)
        onChange(event.target.value.trim() !== "" && Number.isFinite(typed) && typed > 0 ? storedInches(typed, unit) : null)
      }}
    />
  )
}
