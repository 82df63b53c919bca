import { useEffect, useRef, useState, type FormEvent } from "react"
import { Field } from "@/components/ui/field"

/** Spec section 9: the early-access form pretends to send for 600 ms; nothing leaves the browser. */
export const EARLY_ACCESS_DELAY_MS = 600

const SUCCESS_TEXT = "You’re on the list."
const ERROR_TEXT = "Something went wrong."

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

type Status = "idle" | "sending" | "done" | "failed"

export function EarlyAccessForm() {
  const [email, setEmail] = useState("")
  const [status, setStatus] = useState<Status>("idle")
  const timer = useRef<number | null>(null)

  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current)
    },
    [],
  )

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (status === "sending") return
    const valid = EMAIL_PATTERN.test(email.trim())
    setStatus("sending")
    timer.current = window.setTimeout(() => {
      timer.current = null
      setStatus(valid ? "done" : "failed")
    }, EARLY_ACCESS_DELAY_MS)
  }

  return (
    <form className="home-early-access" aria-label="Get early access" noValidate onSubmit={onSubmit}>
      <div className="home-early-access__row">
        <Field
          id="early-access-email"
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          error={status === "failed" ? ERROR_TEXT : null}
          onChange={(event) => {
            setEmail(event.target.value)
            if (status === "failed") setStatus("idle")
          }}
        />
        <button type="submit" className="button button--primary" disabled={status === "sending"}>
          Get early access
        </button>
      </div>
      <p className="home-early-access__note" role="status">
        {status === "done" ? SUCCESS_TEXT : ""}
      </p>
    </form>
  )
}
