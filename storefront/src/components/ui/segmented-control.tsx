import { firstTap } from "@/lib/first-taps"

export type SegmentedOption<Value extends string> = {
  value: Value
  label: string
  /** The button's name when its text alone would not say enough (a size out of stock). */
  ariaLabel?: string
  disabled?: boolean
}

type SegmentedControlProps<Value extends string> = {
  /** The group's accessible name. */
  label: string
  options: readonly SegmentedOption<Value>[]
  /** The pressed option; none is pressed while it matches no option. */
  value: Value | null | undefined
  onChange: (value: Value) => void
  /** The group's and each option's classes: pill segments (chips.css) unless given others, such as chips. */
  className?: string
  optionClassName?: string
  disabled?: boolean
  /** Names the options `{firstTapName}:{value}` for the tap queue, where a choice tapped before the app runs counts. */
  firstTapName?: string
}

/** A choice of one among a few, as a group of toggle buttons (aria-pressed). */
export function SegmentedControl<Value extends string>({
  label,
  options,
  value,
  onChange,
  className = "segmented",
  optionClassName = "segment",
  disabled,
  firstTapName,
}: SegmentedControlProps<Value>) {
  return (
    <div className={className} role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={optionClassName}
          aria-pressed={option.value === value}
          aria-label={option.ariaLabel}
          disabled={disabled || option.disabled}
          {...(firstTapName ? firstTap(`${firstTapName}:${option.value}`) : {})}
          onClick={() => {
            onChange(option.value)
          }}
        >
          {option.label}
        </button>
      ))}
    </div>
  )
}
