import { useId, useState, type FormEvent } from "react"
import { Dialog } from "@/components/ui/dialog"
import { errorMessage } from "@/lib/api-client"
import { downloadMyData, useDeleteAccount } from "../api/account-data"

/** Asks the password again and says what goes and what the law makes the shop keep, before anything is deleted. */
function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const remove = useDeleteAccount()
  const [password, setPassword] = useState("")
  const passwordId = useId()
  const explanationId = useId()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (remove.isPending) return
    remove.mutate({ password })
  }

  return (
    <Dialog open onClose={onClose} title="Delete my account" className="dialog--form" describedBy={explanationId} closeButton>
      <form className="delete-account" onSubmit={submit}>
        <div id={explanationId} className="delete-account__explanation">
          <p>This cannot be undone. Deleting your account:</p>
          <ul>
            <li>signs you out everywhere, and your password stops working;</li>
            <li>removes your profile, posts, comments, likes, follows and saved addresses;</li>
            <li>ends your Dark Coins: pending referral earnings are dropped and your balance is void.</li>
          </ul>
          <p>
            Your orders, invoices and credit notes stay with us for 72 months, because GST law requires it; they no longer carry your name, e-mail or phone on
            your account. You can sign up again later with the same e-mail as a new account.
          </p>
        </div>
        <label htmlFor={passwordId}>Your password</label>
        <input
          id={passwordId}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => {
            setPassword(event.target.value)
          }}
        />
        {remove.isError ? (
          <p className="inline-error" role="alert">
            {errorMessage(remove.error, "Could not delete your account")}
          </p>
        ) : null}
        <div className="delete-account__actions">
          <button type="button" className="button" onClick={onClose}>
            Keep my account
          </button>
          <button type="submit" className="button button--danger" disabled={remove.isPending || !password}>
            {remove.isPending ? "Deleting…" : "Delete my account"}
          </button>
        </div>
      </form>
    </Dialog>
  )
}

/** The person's data rights in the Profile tab: a copy of everything the shop holds, and deleting the account. */
export function AccountData() {
  const [confirming, setConfirming] = useState(false)
  const [downloading, setDownloading] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  const download = () => {
    setFailure(null)
    setDownloading(true)
    downloadMyData()
      .catch((error: unknown) => {
        setFailure(errorMessage(error, "Could not download your data"))
      })
      .finally(() => {
        setDownloading(false)
      })
  }

  return (
    <section className="account-data" aria-labelledby="account-data-title">
      <h2 id="account-data-title">Your data</h2>
      <p>Download a copy of everything we hold about you, or delete your account.</p>
      <div className="account-data__actions">
        <button type="button" className="button" onClick={download} disabled={downloading}>
          {downloading ? "Preparing your file…" : "Download my data"}
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={() => {
            setConfirming(true)
          }}
        >
          Delete my account
        </button>
      </div>
      {failure ? (
        <p className="inline-error" role="alert">
          {failure}
        </p>
      ) : null}
      {confirming ? (
        <DeleteAccountDialog
          onClose={() => {
            setConfirming(false)
          }}
        />
      ) : null}
    </section>
  )
}
