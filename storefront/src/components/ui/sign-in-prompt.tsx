import { useId } from "react"
import { useGoToSignIn } from "@/hooks/use-go-to-sign-in"
import { FormError } from "./form-error"

type SignInPromptProps = {
  title: string
  text: string
  /** Why the prompt appeared, e.g. the server refused the session; announced as an alert. */
  notice?: string | null
}

/** A screen's signed-out state: what to do, and 'Go to Login', which brings the visitor back here. */
export function SignInPrompt({ title, text, notice }: SignInPromptProps) {
  const goToSignIn = useGoToSignIn()
  const titleId = useId()
  return (
    <section className="sign-in-prompt" aria-labelledby={titleId}>
      <FormError message={notice} />
      <h2 id={titleId} className="sign-in-prompt__title">
        {title}
      </h2>
      <p className="muted">{text}</p>
      <button type="button" className="button button--primary" onClick={goToSignIn}>
        Go to Login
      </button>
    </section>
  )
}
