import { SegmentedControl } from "@/components/ui/segmented-control"
import type { SizeOption } from "../utils/sizes"

type SizePickerProps = {
  options: SizeOption[]
  value: string | null
  onChange: (size: string) => void
  /** The tap queue's name for the sizes, on the one picker of a page whose first tap counts. */
  firstTapName?: string
}

/** Size buttons; sizes without stock stay visible but disabled. */
export function SizePicker({ options, value, onChange, firstTapName }: SizePickerProps) {
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
      firstTapName={firstTapName}
    />
  )
}
