import { useEffect, useState } from "react"
import { useNavigate, useSearchParams } from "react-router-dom"
import { Field } from "@/components/ui/field"
import { Page } from "@/components/ui/page"
import { paths } from "@/config/paths"
import { useForm } from "@/hooks/use-form"
import { ApiError } from "@/lib/api-client"
import { useResetPassword } from "../api/reset-password"
import { PASSWORD_MIN_LENGTH, canResetPassword } from "../utils/password"
import { FormError } from "@/components/ui/form-error"
import { useDocumentMeta } from "@/lib/document-meta"
import { privatePageMeta } from "@fitshop/contracts"

const HINT = "At least 8 characters, include a letter and a number."
const MISSING_TOKEN_TEXT = "Missing reset token. Please use the link from your email."
const UPDATED_TEXT = "Password updated. Redirecting to login…"
const FAILED_TEXT = "Reset link is invalid or expired"
const REDIRECT_AFTER_RESET_MS = 1000

const failureText = (error: unknown) => (error instanceof ApiError && error.serverText) || FAILED_TEXT

const PAGE_META = privatePageMeta("Reset password")

export function ResetPasswordPage() {
  useDocumentMeta(PAGE_META)
  const [searchParams] = useSearchParams()
  const token = searchParams.get("token")
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

  const form = useForm({
    idPrefix: "reset",
    initial: { password: "", confirmation: "" },
    onSubmit: ({ password, confirmation }) => {
      if (!token || !canResetPassword(token, password, confirmation)) return
      reset.mutate({ token, password })
    },
  })
  const canSubmit = canResetPassword(token, form.values.password, form.values.confirmation)

  const inputType = visible ? "text" : "password"

  return (
    <Page title="Reset password">
      <form className="auth-form auth-card" onSubmit={form.submit}>
        <FormError message={token ? null : MISSING_TOKEN_TEXT} />
        <Field
          {...form.field("password")}
          label="New password"
          type={inputType}
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          hint={HINT}
        />
        <Field {...form.field("confirmation")} label="Confirm password" type={inputType} autoComplete="new-password" required />
        <button
          type="button"
          className="text-button auth-form__toggle"
          aria-controls={`${form.idOf("password")} ${form.idOf("confirmation")}`}
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
        <button type="submit" className="button button--primary auth-form__submit" disabled={!canSubmit || reset.isPending || reset.isSuccess}>
          {reset.isPending ? "Updating…" : "Update password"}
        </button>
      </form>
    </Page>
  )
}
