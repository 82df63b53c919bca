import { useEffect, useState, type FormEvent } from "react"
import { useNavigate, useSearchParams } from "react-router-dom"
import { Field } from "@/components/ui/field"
import { Page } from "@/components/ui/page"
import { paths } from "@/config/paths"
import { ApiError } from "@/lib/api-client"
import { useResetPassword } from "../api/reset-password"
import { PASSWORD_MIN_LENGTH, canResetPassword } from "../utils/password"
import { FormError } from "@/components/ui/form-error"

const HINT = "At least 8 characters, include a letter and a number."
const MISSING_TOKEN_TEXT = "Missing reset token. Please use the link from your email."
const UPDATED_TEXT = "Password updated. Redirecting to login…"
const FAILED_TEXT = "Reset link is invalid or expired"
const REDIRECT_AFTER_RESET_MS = 1000

const failureText = (error: unknown) => (error instanceof ApiError && error.serverText) || FAILED_TEXT

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams()
  const token = searchParams.get("token")
  const [password, setPassword] = useState("")
  const [confirmation, setConfirmation] = useState("")
  const [visible, setVisible] = useState(false)
  const reset = useResetPassword()
  const navigate = useNavigate()

  useEffect(() => {
    if (!reset.isSuccess) return
    const timer = setTimeout(() => {
      void navigate(paths.login, { replace: true })
    }, REDIRECT_AFTER_RESET_MS)
    return () => {
      clearTimeout(timer)
    }
  }, [reset.isSuccess, navigate])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!token || !canResetPassword(token, password, confirmation)) return
    reset.mutate({ token, password })
  }

  const inputType = visible ? "text" : "password"

  return (
    <Page title="Reset password">
      <form className="auth-form auth-card" onSubmit={submit}>
        <FormError message={token ? null : MISSING_TOKEN_TEXT} />
        <Field
          id="reset-password"
          label="New password"
          type={inputType}
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          hint={HINT}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value)
          }}
        />
        <Field
          id="reset-confirmation"
          label="Confirm password"
          type={inputType}
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(event) => {
            setConfirmation(event.target.value)
          }}
        />
        <button
          type="button"
          className="text-button auth-form__toggle"
          aria-controls="reset-password reset-confirmation"
          onClick={() => {
            setVisible((shown) => !shown)
          }}
        >
          {visible ? "Hide password" : "Show password"}
        </button>
        {reset.isSuccess ? (
          <p className="auth-form__note" role="status">
            {UPDATED_TEXT}
          </p>
        ) : null}
        <FormError message={reset.isError ? failureText(reset.error) : null} />
        <button
          type="submit"
          className="button button--primary auth-form__submit"
          disabled={!canResetPassword(token, password, confirmation) || reset.isPending || reset.isSuccess}
        >
          {reset.isPending ? "Updating…" : "Update password"}
        </button>
      </form>
    </Page>
  )
}
