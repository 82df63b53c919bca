import { useNavigate } from "react-router-dom"
import { Dialog } from "@/components/ui/dialog"
import { paths } from "@/config/paths"
import type { PaymentState } from "../utils/payment-state"

const TITLES = { processing: "Please wait", success: "Success", error: "Something went wrong" } as const

const ignore = () => undefined

/** The progress of a payment: a spinner and what is happening, then the outcome with 'OK' (to the shop) or 'CLOSE'. */
export function PaymentDialog({ state, onClose }: { state: PaymentState; onClose: () => void }) {
  const navigate = useNavigate()
  if (state.phase === "idle" || state.phase === "gateway") return null

  const goToShop = () => {
    void navigate(paths.shop)
  }
  const close = { processing: ignore, success: goToShop, error: onClose }[state.phase]

  return (
    // Remounted per phase, so focus moves to the new phase's button.
    <Dialog key={state.phase} open onClose={close} title={TITLES[state.phase]} className="payment-dialog">
      {state.phase === "processing" ? (
        <div className="payment-dialog__progress" role="status">
          <span className="spinner" aria-hidden="true" />
          <p className="dialog__text">{state.message}</p>
        </div>
      ) : (
        <>
          <p className="dialog__text" role={state.phase === "error" ? "alert" : "status"}>
            {state.message}
          </p>
          <div className="dialog__actions">
            <button type="button" className="button button--primary" onClick={close}>
              {state.phase === "success" ? "OK" : "CLOSE"}
            </button>
          </div>
        </>
      )}
    </Dialog>
  )
}
