import { SegmentedControl } from "@/components/ui/segmented-control"
import type { SizeOption } from "../utils/sizes"

type SizePickerProps = {
  options: SizeOption[]
  value: string | null
  onChange: (size: string) => void
}

/** Size buttons; sizes without stock stay visible but disabled. */
export function SizePicker({ options, value, onChange }: SizePickerProps) {
  return (
    <SegmentedControl
      label="Size"
      className="size-picker"
      optionClassName="size-picker__option"
      options={options.map(({ size, available }) => ({
        value: size,
        label: size,
        ariaLabel: available ? size : `${size} (unavailable)`,
        disabled: !available,
      }))}
      value={value}
      onChange={onChange}
    />
  )
}
