import { useState } from "react"
import { useNavigate, useSearchParams } from "react-router-dom"
import { Page } from "@/components/ui/page"
import { useSignIn } from "@/lib/auth"
import { sessionStore, storageKeys } from "@/lib/storage"
import type { AuthSession } from "@fitshop/contracts"
import { LoginForm } from "../components/login-form"
import { SignupForm } from "../components/signup-form"
import { RESEND_COOLDOWN_SECONDS, VerifyEmailPanel } from "../components/verify-email-panel"
import { resolveReturnPath } from "../utils/return-path"

type Tab = "login" | "signup"

/** `password` is the one the person just typed, kept in memory only: verifying makes it the account's. */
type Verification = { email: string; password: string; cooldownSeconds: number; notice: string | null }

const TABS: readonly { id: Tab; label: string }[] = [
  { id: "login", label: "Login" },
  { id: "signup", label: "Sign up" },
]

export function LoginPage() {
  const [tab, setTab] = useState<Tab>("login")
  const [verification, setVerification] = useState<Verification | null>(null)
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  const signIn = useSignIn()

  const finishSignIn = (session: AuthSession) => {
    const target = resolveReturnPath({
      next: searchParams.get("next"),
      remembered: sessionStore.get(storageKeys.returnToPath),
      intent: searchParams.get("intent"),
      post: searchParams.get("post"),
    })
    sessionStore.remove(storageKeys.returnToPath)
    signIn(session)
    void navigate(target, { replace: true })
  }

  return (
    <Page title="Sign in">
      <div className="auth-card">
        <div className="tabs" role="tablist" aria-label="Sign in or sign up">
          {TABS.map((item) => (
            <button
              key={item.id}
              type="button"
              role="tab"
              id={`auth-tab-${item.id}`}
              className="tabs__tab"
              aria-selected={tab === item.id}
              aria-controls="auth-panel"
              onClick={() => {
                setTab(item.id)
                setVerification(null)
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
        <div id="auth-panel" role="tabpanel" aria-labelledby={`auth-tab-${tab}`}>
          {verification ? (
            <>
              {verification.notice ? (
                <p className="auth-notice" role="status">
                  {verification.notice}
                </p>
              ) : null}
              <VerifyEmailPanel
                key={verification.email}
                email={verification.email}
                password={verification.password}
                initialCooldownSeconds={verification.cooldownSeconds}
                onVerified={finishSignIn}
              />
            </>
          ) : tab === "login" ? (
            <LoginForm
              onSignedIn={finishSignIn}
              onNeedsVerification={(email, password, message) => {
                setVerification({ email, password, cooldownSeconds: 0, notice: message })
              }}
            />
          ) : (
            <SignupForm
              onSignedUp={(email, password) => {
                setVerification({ email, password, cooldownSeconds: RESEND_COOLDOWN_SECONDS, notice: null })
              }}
            />
          )}
        </div>
      </div>
    </Page>
  )
}
