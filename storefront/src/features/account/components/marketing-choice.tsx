import { LoadingLine, ReadError } from "@/components/ui/read-status"
import { errorMessage } from "@/lib/api-client"
import { useMarketingChoice, useSetMarketingChoice } from "../api/marketing-choice"

/** The sign-up's marketing choice, changed with one click: withdrawing consent is as easy as giving it. */
export function MarketingChoice() {
  const choice = useMarketingChoice()
  const change = useSetMarketingChoice()
  if (choice.isPending) return <LoadingLine>Loading your e-mail choices…</LoadingLine>
  if (choice.isError) return <ReadError error={choice.error} fallback="Could not load your e-mail choices" />
  return (
    <div className="marketing-choice">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={change.isPending ? (change.variables?.marketingOptIn ?? choice.data.marketingOptIn) : choice.data.marketingOptIn}
          disabled={change.isPending}
          onChange={(event) => {
            change.mutate({ marketingOptIn: event.target.checked })
          }}
        />
        E-mail me about new drops and offers
      </label>
      {change.isError ? (
        <p className="inline-error" role="alert">
          {errorMessage(change.error, "Could not save your choice")}
        </p>
      ) : null}
    </div>
  )
}
