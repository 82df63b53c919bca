import { useState, type FormEvent } from "react"
import { Field } from "@/components/ui/field"
import { HandleField } from "@/components/ui/handle-field"
import { errorMessage } from "@/lib/api-client"
import { useHandleAvailability } from "@/lib/check-handle"
import { isValidHandle } from "@/lib/handle"
import { useSignup } from "../api/signup"
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_PATTERN, isValidSignupPassword } from "../utils/password"
import { FormError } from "@/components/ui/form-error"

const INVALID_HANDLE_TEXT = "Choose a valid @handle (2–20 chars, letters/numbers/._-; cannot start or end with . or -)"
const TAKEN_HANDLE_TEXT = "That @handle is already taken. Please choose another."

type SignupFormProps = {
  onSignedUp: (email: string) => void
}

export function SignupForm({ onSignedUp }: SignupFormProps) {
  const [name, setName] = useState("")
  const [email, setEmail] = useState("")
  const [password, setPassword] = useState("")
  const [handle, setHandle] = useState("")
  const [triedSubmit, setTriedSubmit] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const availability = useHandleAvailability(handle)
  const signupMutation = useSignup()

  const handleError =
    availability === "taken" ? TAKEN_HANDLE_TEXT : availability === "invalid" || (triedSubmit && !isValidHandle(handle)) ? INVALID_HANDLE_TEXT : null

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setTriedSubmit(true)
    setError(null)
    const form = event.currentTarget
    if (!name.trim() || !email.trim() || !isValidSignupPassword(password)) {
      form.reportValidity()
      return
    }
    if (!isValidHandle(handle) || availability === "taken") return
    signupMutation.mutate(
      { name: name.trim(), email: email.trim(), password, handle },
      {
        onSuccess: (answer) => {
          onSignedUp(answer.email || email.trim())
        },
        onError: (failure) => {
          setError(errorMessage(failure, "Signup failed"))
        },
      },
    )
  }

  return (
    <form className="auth-form" onSubmit={submit}>
      <Field
        id="signup-name"
        label="Name"
        autoComplete="name"
        required
        value={name}
        onChange={(event) => {
          setName(event.target.value)
        }}
      />
      <Field
        id="signup-email"
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
        id="signup-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        pattern={PASSWORD_PATTERN}
        value={password}
        onChange={(event) => {
          setPassword(event.target.value)
        }}
      />
      <HandleField
        id="signup-handle"
        value={handle}
        onChange={(next) => {
          setHandle(next)
          setTriedSubmit(false)
        }}
        error={handleError}
        checking={availability === "checking"}
      />
      <FormError message={error} />
      <button type="submit" className="button button--primary auth-form__submit" disabled={signupMutation.isPending}>
        {signupMutation.isPending ? "Creating account…" : "Create account"}
      </button>
    </form>
  )
}
