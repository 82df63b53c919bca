import { useRef, type ClipboardEvent, type KeyboardEvent } from "react"

export const CODE_LENGTH = 6

export const emptyCode = (): string[] => Array.from({ length: CODE_LENGTH }, () => "")

type CodeInputProps = {
  digits: string[]
  onChange: (digits: string[]) => void
  disabled?: boolean
}

const digitsOf = (text: string) => text.replace(/\D/g, "")

/** Six one-digit boxes: typing moves on, Backspace on an empty box moves back, pasting fills them. */
export function CodeInput({ digits, onChange, disabled = false }: CodeInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([])
  const focusBox = (index: number) => {
    boxes.current[Math.max(0, Math.min(CODE_LENGTH - 1, index))]?.focus()
  }

  /** Writes `text`'s digits from box `start` on (a whole code always from the first box). */
  const fill = (start: number, text: string) => {
    const incoming = digitsOf(text)
    const from = incoming.length >= CODE_LENGTH ? 0 : start
    const next = [...digits]
    for (const [offset, digit] of [...incoming.slice(0, CODE_LENGTH - from)].entries()) next[from + offset] = digit
    onChange(next)
    focusBox(from + incoming.length)
  }

  const type = (index: number, value: string) => {
    const typed = digitsOf(value)
    if (typed.length > 2) {
      fill(index, typed)
      return
    }
    const previous = digits[index] ?? ""
    const fresh = (previous ? typed.replace(previous, "") : typed).at(-1) ?? typed.at(-1) ?? ""
    const next = [...digits]
    next[index] = fresh
    onChange(next)
    if (fresh) focusBox(index + 1)
  }

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Backspace" && !digits[index] && index > 0) {
      event.preventDefault()
      focusBox(index - 1)
    } else if (event.key === "ArrowLeft" && index > 0) {
      event.preventDefault()
      focusBox(index - 1)
    } else if (event.key === "ArrowRight" && index < CODE_LENGTH - 1) {
      event.preventDefault()
      focusBox(index + 1)
    }
  }

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    fill(index, event.clipboardData.getData("text"))
  }

  return (
    <div className="code-input" role="group" aria-label="Verification code">
      {digits.map((digit, index) => (
        <input
          // The boxes are a fixed row of six; their position is their identity.
          key={index}
          ref={(element) => {
            boxes.current[index] = element
          }}
          className="code-input__box"
          aria-label={`Digit ${String(index + 1)}`}
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={1}
          autoComplete={index === 0 ? "one-time-code" : "off"}
          value={digit}
          disabled={disabled}
          onFocus={(event) => {
            event.target.select()
          }}
          onChange={(event) => {
            type(index, event.target.value)
          }}
          onKeyDown={(event) => {
            onKeyDown(index, event)
          }}
          onPaste={(event) => {
            onPaste(index, event)
          }}
        />
      ))}
    </div>
  )
}
