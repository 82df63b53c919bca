import { Link } from "react-router-dom"
import { Field } from "@/components/ui/field"
import { paths } from "@/config/paths"
import { useForm } from "@/hooks/use-form"
import { errorMessage } from "@/lib/api-client"
import type { AuthSession } from "@fitshop/contracts"
import { useLogin } from "../api/login"
import { FormError } from "@/components/ui/form-error"

/** Spec: a login message mentioning verification opens the verification panel instead. */
const NEEDS_VERIFICATION = /verif/i

type LoginFormProps = {
  onSignedIn: (session: AuthSession) => void
  onNeedsVerification: (email: string, password: string, message: string) => void
}

export function LoginForm({ onSignedIn, onNeedsVerification }: LoginFormProps) {
  const loginMutation = useLogin()
  const form = useForm({
    idPrefix: "login",
    initial: { email: "", password: "" },
    onSubmit: ({ email, password }) => {
      const credentials = { email: email.trim(), password }
      loginMutation.mutate(credentials, {
        onSuccess: onSignedIn,
        onError: (failure) => {
          const message = errorMessage(failure, "Login failed")
          if (NEEDS_VERIFICATION.test(message)) onNeedsVerification(credentials.email, credentials.password, message)
          else form.setError(message)
        },
      })
    },
  })

  return (
    <form className="auth-form" onSubmit={form.submit}>
      <Field {...form.field("email")} label="Email" type="email" autoComplete="email" required />
      <Field {...form.field("password")} label="Password" type="password" autoComplete="current-password" required />
      <FormError message={form.error} />
      <button type="submit" className="button button--primary auth-form__submit" disabled={loginMutation.isPending}>
        {loginMutation.isPending ? "Signing in…" : "Sign in"}
      </button>
      <Link to={paths.forgotPassword} className="text-link auth-form__link">
        Forgot password
      </Link>
    </form>
  )
}
