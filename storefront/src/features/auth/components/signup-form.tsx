import { useState } from "react"
import { Link } from "react-router-dom"
import { HANDLE_INVALID, HANDLE_TAKEN, LEGAL_PAGES } from "@fitshop/contracts"
import { Field } from "@/components/ui/field"
import { HandleField } from "@/components/ui/handle-field"
import { useForm } from "@/hooks/use-form"
import { errorMessage } from "@/lib/api-client"
import { useHandleField } from "@/lib/check-handle"
import { useSignup } from "../api/signup"
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_PATTERN, isValidSignupPassword } from "../utils/password"
import { FormError } from "@/components/ui/form-error"

const HANDLE_TEXTS = {
  invalid: HANDLE_INVALID,
  taken: HANDLE_TAKEN,
}

type SignupFormProps = {
  onSignedUp: (email: string, password: string) => void
}

/** What sign-up keeps and why, in one line (DPDP Act 2023's notice), beside the privacy notice that says the rest. */
function SignupNotice() {
  return (
    <p className="auth-form__notice">
      We keep your name, e-mail and @handle to run your account, your orders and your FITFEED profile; our{" "}
      <Link to={LEGAL_PAGES.privacy.path} className="text-link">
        privacy notice
      </Link>{" "}
      says what else, for how long and your rights.
    </p>
  )
}

export function SignupForm({ onSignedUp }: SignupFormProps) {
  const signupMutation = useSignup()
  // Marketing is a choice of its own, never a condition of the account: off until the person ticks it.
  const [marketingOptIn, setMarketingOptIn] = useState(false)
  const form = useForm({
    idPrefix: "signup",
    initial: { name: "", email: "", password: "", handle: "" },
    validate: (values) => ({
      name: !values.name.trim(),
      email: !values.email.trim(),
      password: !isValidSignupPassword(values.password),
      handle: handleField.problem,
    }),
    onSubmit: ({ name, email, password, handle }) => {
      signupMutation.mutate(
        { name: name.trim(), email: email.trim(), password, handle, marketingOptIn },
        {
          onSuccess: (answer) => {
            onSignedUp(answer.email || email.trim(), password)
          },
          onError: (failure) => {
            form.setError(errorMessage(failure, "Signup failed"))
          },
        },
      )
    },
  })
  const handleField = useHandleField(form, HANDLE_TEXTS)

  return (
    <form className="auth-form" onSubmit={form.submit}>
      <Field {...form.field("name")} label="Name" autoComplete="name" required />
      <Field {...form.field("email")} label="Email" type="email" autoComplete="email" required />
      <Field
        {...form.field("password")}
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        pattern={PASSWORD_PATTERN}
      />
      <HandleField {...handleField.field} />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={marketingOptIn}
          onChange={(event) => {
            setMarketingOptIn(event.target.checked)
          }}
        />
        E-mail me about new drops and offers (optional; turn it off any time in your account)
      </label>
      <SignupNotice />
      <FormError message={form.error} />
      <button type="submit" className="button button--primary auth-form__submit" disabled={signupMutation.isPending}>
        {signupMutation.isPending ? "Creating account…" : "Create account"}
      </button>
    </form>
  )
}
