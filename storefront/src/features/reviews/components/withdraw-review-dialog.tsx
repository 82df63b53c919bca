import { useId } from "react"
import { Dialog } from "@/components/ui/dialog"
import { FormError } from "@/components/ui/form-error"
import { errorMessage } from "@/lib/api-client"
import type { Review } from "@fitshop/contracts"
import { useWithdrawReview } from "../api/withdraw-review"

export const WITHDRAW_TEXT = "Your review, its rating and its fit answer will no longer show or count. You can write a new one later."

/** Asks before the author withdraws their review; closes once it is gone. */
export function WithdrawReviewDialog({ productId, review, onClose }: { productId: string; review: Review | null; onClose: () => void }) {
  const withdraw = useWithdrawReview(productId)
  const textId = useId()
  const close = () => {
    withdraw.reset()
    onClose()
  }
  return (
    <Dialog open={review !== null} onClose={close} title="Withdraw your review?" className="dialog--prompt" describedBy={textId}>
      <p id={textId} className="dialog__text">
        {WITHDRAW_TEXT}
      </p>
      <FormError message={withdraw.error ? errorMessage(withdraw.error, "Could not withdraw the review") : null} />
      <div className="dialog__actions">
        <button type="button" className="button" onClick={close}>
          Keep it
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={withdraw.isPending}
          onClick={() => {
            if (review) withdraw.mutate(review.id, { onSuccess: close })
          }}
        >
          {withdraw.isPending ? "Withdrawing…" : "Withdraw"}
        </button>
      </div>
    </Dialog>
  )
}
