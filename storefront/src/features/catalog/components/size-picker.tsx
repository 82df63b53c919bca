import type { SizeOption } from "../utils/sizes"

type SizePickerProps = {
  options: SizeOption[]
  value: string | null
  onChange: (size: string) => void
}

/** Size buttons; sizes without stock stay visible but disabled. */
export function SizePicker({ options, value, onChange }: SizePickerProps) {
  return (
    <div className="size-picker" role="group" aria-label="Size">
      {options.map(({ size, available }) => (
        <button
          key={size}
          type="button"
          className="size-picker__option"
          aria-pressed={value === size}
          aria-label={available ? size : `${size} (unavailable)`}
          disabled={!available}
          onClick={() => {
            onChange(size)
          }}
        >
          {size}
        </button>
      ))}
    </div>
  )
}
