import { useState } from "react"
import { useNavigate, useSearchParams } from "react-router-dom"
import { Page } from "@/components/ui/page"
import { TabPanel, Tabs, type TabItem } from "@/components/ui/tabs"
import { useSignIn } from "@/lib/auth"
import { sessionStore, storageKeys } from "@/lib/storage"
import type { AuthSession } from "@fitshop/contracts"
import { LoginForm } from "../components/login-form"
import { SignupForm } from "../components/signup-form"
import { RESEND_COOLDOWN_SECONDS, VerifyEmailPanel } from "../components/verify-email-panel"
import { resolveReturnPath } from "../utils/return-path"
import { useDocumentMeta } from "@/lib/document-meta"
import { privatePageMeta } from "@fitshop/contracts"

type Tab = "login" | "signup"

/** `password` is the one the person just typed, kept in memory only: verifying makes it the account's. */
type Verification = { email: string; password: string; cooldownSeconds: number; notice: string | null }

const TABS: readonly TabItem<Tab>[] = [
  { id: "login", label: "Login" },
  { id: "signup", label: "Sign up" },
]

const PAGE_META = privatePageMeta("Sign in")

export function LoginPage() {
  useDocumentMeta(PAGE_META)
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
      product: searchParams.get("product"),
    })
    sessionStore.remove(storageKeys.returnToPath)
    signIn(session)
    void navigate(target, { replace: true })
  }

  return (
    <Page title="Sign in">
      <div className="auth-card">
        <Tabs
          idPrefix="auth"
          tabs={TABS}
          selected={tab}
          label="Sign in or sign up"
          onSelect={(id) => {
            setTab(id)
            setVerification(null)
          }}
        />
        <TabPanel idPrefix="auth" selected={tab}>
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
        </TabPanel>
      </div>
    </Page>
  )
}
