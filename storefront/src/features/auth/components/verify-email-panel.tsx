import { useEffect, useState, type FormEvent } from "react"
import { errorMessage } from "@/lib/api-client"
import type { AuthSession } from "@fitshop/contracts"
import { readRetryAfterSeconds, useResendVerification } from "../api/resend-verification"
import { useVerifyEmail } from "../api/verify-email"
import { CODE_LENGTH, CodeInput, emptyCode } from "./code-input"
import { FormError } from "@/components/ui/form-error"

export const RESEND_COOLDOWN_SECONDS = 30

const CODE_SENT_TEXT = "We sent a 6-digit code to your email. Enter it below to verify."

function useCountdown(initialSeconds: number) {
  const [secondsLeft, setSecondsLeft] = useState(initialSeconds)
  useEffect(() => {
    if (secondsLeft <= 0) return
    const timer = setTimeout(() => {
      setSecondsLeft((seconds) => seconds - 1)
    }, 1000)
    return () => {
      clearTimeout(timer)
    }
  }, [secondsLeft])
  return [secondsLeft, setSecondsLeft] as const
}

type VerifyEmailPanelProps = {
  email: string
  /** The password typed at sign-up or sign-in: whoever holds the code sets it, so nobody else's can stand. */
  password: string
  /** Seconds before the first resend is allowed: a full cooldown right after signup sent a code. */
  initialCooldownSeconds: number
  onVerified: (session: AuthSession) => void
}

/** The verification step: the six-digit code from the e-mail signs the person in. */
export function VerifyEmailPanel({ email, password, initialCooldownSeconds, onVerified }: VerifyEmailPanelProps) {
  const [digits, setDigits] = useState(emptyCode)
  const [codeError, setCodeError] = useState<string | null>(null)
  const [resendNote, setResendNote] = useState<{ kind: "sent" | "failed"; text: string } | null>(null)
  const [secondsLeft, setSecondsLeft] = useCountdown(initialCooldownSeconds)
  const verify = useVerifyEmail()
  const resend = useResendVerification()

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const code = digits.join("")
    if (code.length !== CODE_LENGTH) {
      setCodeError("Enter the 6-digit code")
      return
    }
    setCodeError(null)
    verify.mutate(
      { email, code, password },
      {
        onSuccess: onVerified,
        onError: (error) => {
          setCodeError(errorMessage(error, "Verification failed"))
        },
      },
    )
  }

  const resendCode = () => {
    setResendNote(null)
    resend.mutate(email, {
      onSuccess: () => {
        setResendNote({ kind: "sent", text: "Code resent. Check your inbox (and spam)." })
        setSecondsLeft(RESEND_COOLDOWN_SECONDS)
      },
      onError: (error) => {
        setResendNote({ kind: "failed", text: errorMessage(error, "Could not resend code") })
        const retryAfter = readRetryAfterSeconds(error)
        if (retryAfter) setSecondsLeft(retryAfter)
      },
    })
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <p>{CODE_SENT_TEXT}</p>
      <p className="muted auth-form__email">{email}</p>
      <CodeInput
        digits={digits}
        onChange={(next) => {
          setDigits(next)
          setCodeError(null)
        }}
        disabled={verify.isPending}
      />
      <FormError message={codeError} />
      <button type="submit" className="button button--primary auth-form__submit" disabled={verify.isPending}>
        {verify.isPending ? "Verifying…" : "Verify"}
      </button>
      <div className="auth-form__resend">
        <button type="button" className="text-button" disabled={secondsLeft > 0 || resend.isPending} onClick={resendCode}>
          {secondsLeft > 0 ? `Resend code in ${String(secondsLeft)}s` : "Resend code"}
        </button>
        {resendNote ? (
          <p className={resendNote.kind === "sent" ? "auth-form__note" : "field__error"} role={resendNote.kind === "sent" ? "status" : "alert"}>
            {resendNote.text}
          </p>
        ) : null}
      </div>
    </form>
  )
}
