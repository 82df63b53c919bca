import { Link } from "react-router-dom"
import { Field } from "@/components/ui/field"
import { Page } from "@/components/ui/page"
import { paths } from "@/config/paths"
import { useForm } from "@/hooks/use-form"
import { ApiError } from "@/lib/api-client"
import { useRequestPasswordReset } from "../api/forgot-password"
import { FormError } from "@/components/ui/form-error"
import { useDocumentMeta } from "@/lib/document-meta"
import { privatePageMeta } from "@fitshop/contracts"

const SENT_TEXT = "we sent a reset link to your Email. Check your inbox."
const FAILED_TEXT = "You dont have an account , please sign up"

/** Spec: the server's error message, otherwise the sign-up suggestion. */
const failureText = (error: unknown) => (error instanceof ApiError && error.serverText) || FAILED_TEXT

const PAGE_META = privatePageMeta("Forgot password")

export function ForgotPasswordPage() {
  useDocumentMeta(PAGE_META)
  const requestReset = useRequestPasswordReset()
  const form = useForm({
    idPrefix: "forgot",
    initial: { email: "" },
    onEdit: () => {
      requestReset.reset()
    },
    onSubmit: ({ email }) => {
      requestReset.mutate(email.trim())
    },
  })

  return (
    <Page title="Forgot password">
      <form className="auth-form auth-card" onSubmit={form.submit}>
        <Field {...form.field("email")} label="Email" type="email" autoComplete="email" required />
        {requestReset.isSuccess ? (
          <p className="auth-form__note" role="status">
            {SENT_TEXT}
          </p>
        ) : null}
        <FormError message={requestReset.isError ? failureText(requestReset.error) : null} />
        <button type="submit" className="button button--primary auth-form__submit" disabled={requestReset.isPending}>
          {requestReset.isPending ? "Sending…" : "Send reset link"}
        </button>
        <Link to={paths.login} className="text-link auth-form__link">
          Back to login
        </Link>
      </form>
    </Page>
  )
}
