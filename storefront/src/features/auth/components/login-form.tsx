import { useState, type FormEvent } from "react"
import { Link } from "react-router-dom"
import { Field } from "@/components/ui/field"
import { paths } from "@/config/paths"
import { errorMessage } from "@/lib/api-client"
import type { AuthSession } from "@/types/user"
import { useLogin } from "../api/login"
import { FormError } from "@/components/ui/form-error"

/** Spec: a login message mentioning verification opens the verification panel instead. */
const NEEDS_VERIFICATION = /verif/i

type LoginFormProps = {
  onSignedIn: (session: AuthSession) => void
  onNeedsVerification: (email: string, message: string) => void
}

export function LoginForm({ onSignedIn, onNeedsVerification }: LoginFormProps) {
  const [email, setEmail] = useState("")
  const [password, setPassword] = useState("")
  const [error, setError] = useState<string | null>(null)
  const loginMutation = useLogin()

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setError(null)
    const credentials = { email: email.trim(), password }
    loginMutation.mutate(credentials, {
      onSuccess: onSignedIn,
      onError: (failure) => {
        const message = errorMessage(failure, "Login failed")
        if (NEEDS_VERIFICATION.test(message)) onNeedsVerification(credentials.email, message)
        else setError(message)
      },
    })
  }

  return (
    <form className="auth-form" onSubmit={submit}>
      <Field
        id="login-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => {
          setEmail(event.target.value)
        }}
      />
      <Field
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => {
          setPassword(event.target.value)
        }}
      />
      <FormError message={error} />
      <button type="submit" className="button button--primary auth-form__submit" disabled={loginMutation.isPending}>
        {loginMutation.isPending ? "Signing in…" : "Sign in"}
      </button>
      <Link to={paths.forgotPassword} className="text-link auth-form__link">
        Forgot password
      </Link>
    </form>
  )
}
