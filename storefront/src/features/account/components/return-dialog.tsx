import { RETURN_NOTE_MAX, RETURN_REASONS, type Order, type ReturnReason, type Size } from "@fitshop/contracts"
import { useId, useState, type FormEvent } from "react"
import { Dialog } from "@/components/ui/dialog"
import { FormError } from "@/components/ui/form-error"
import { LoadingLine, ReadError } from "@/components/ui/read-status"
import { SegmentedControl } from "@/components/ui/segmented-control"
import { useAddresses } from "@/lib/api/get-addresses"
import { errorMessage } from "@/lib/api-client"
import { useCreateReturn } from "../api/create-return"
import { useExchangeSizes } from "../api/get-exchange-sizes"
import { codFeeText, exchangeText, refundFor, refundTexts, type ReturnKind } from "../utils/returns"

const NO_REASON_TEXT = "Choose a reason."
/** The contract's own words for a missing note (returnRequestSchema). */
const NO_NOTE_TEXT = "Tell us why in a note when the reason is Other"
const NO_SIZE_TEXT = "Choose the size you want instead."
const FAILED_TEXT = "Could not send your request"

const TITLES: Record<ReturnKind, string> = { return: "Return item", exchange: "Exchange size" }
const SUBMIT_LABELS: Record<ReturnKind, string> = { return: "Request return", exchange: "Request exchange" }

type Problem = { field: "reason" | "note" | "size"; text: string } | null

function ExchangeSizes({ productId, size, value, onChange }: { productId: string; size: string | null; value: Size | null; onChange: (size: Size) => void }) {
  const sizes = useExchangeSizes(productId, size)
  if (sizes.isPending) return <LoadingLine>Loading sizes…</LoadingLine>
  if (sizes.isError) return <ReadError error={sizes.error} fallback="Could not load the sizes" />
  if (!sizes.data.some((option) => option.inStock)) return <p className="muted">No other size is in stock right now.</p>
  return (
    <SegmentedControl
      label="New size"
      className="size-picker"
      optionClassName="size-picker__option"
      options={sizes.data.map((option) => ({
        value: option.size,
        label: option.size,
        ariaLabel: option.inStock ? option.size : `${option.size} (out of stock)`,
        disabled: !option.inStock,
      }))}
      value={value}
      onChange={onChange}
    />
  )
}

/** The order's delivery address, or one of the shopper's saved ones; '' stands for the order's own. */
function PickupAddress({ value, onChange }: { value: string; onChange: (addressId: string) => void }) {
  const addresses = useAddresses()
  const name = useId()
  const choices = [
    { id: "", text: "This order’s delivery address" },
    ...(addresses.data?.addresses ?? []).map((address) => ({
      id: address.id,
      text: `${address.label}: ${[address.line1, address.city, address.postalCode].filter(Boolean).join(", ")}`,
    })),
  ]
  return (
    <fieldset className="return-form__group">
      <legend className="field__label">Pickup address</legend>
      {choices.map((choice) => (
        <label key={choice.id} className="checkbox">
          <input
            type="radio"
            name={name}
            value={choice.id}
            checked={value === choice.id}
            onChange={() => {
              onChange(choice.id)
            }}
          />
          {choice.text}
        </label>
      ))}
      {addresses.isPending ? <LoadingLine>Loading addresses…</LoadingLine> : null}
    </fieldset>
  )
}

type ReturnFormProps = {
  order: Order
  lineIndex: number
  kind: ReturnKind
  onClose: () => void
}

/**
 * Asks for a return or a size exchange of one line: how many, why, the new size for an exchange, where the courier
 * picks it up, and what comes back, worked out as the server will. A refusal shows the server's words and keeps the
 * form as typed.
 */
function ReturnForm({ order, lineIndex, kind, onClose }: ReturnFormProps) {
  const item = order.items[lineIndex]
  const [quantity, setQuantity] = useState(1)
  const [reason, setReason] = useState<ReturnReason | null>(null)
  const [note, setNote] = useState("")
  const [exchangeSize, setExchangeSize] = useState<Size | null>(null)
  const [pickupAddressId, setPickupAddressId] = useState("")
  const [problem, setProblem] = useState<Problem>(null)
  const create = useCreateReturn()
  const quantityId = useId()
  const reasonName = useId()
  const noteId = useId()
  const noteHintId = useId()
  const noteErrorId = useId()
  const outcomeId = useId()

  if (!item?.id) return null
  const lineId = item.id
  const refund = kind === "return" ? refundFor(order, lineIndex, quantity) : null
  const codFee = kind === "return" ? codFeeText(order) : null
  const noteRequired = reason === "Other"

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (create.isPending) return
    const trimmedNote = note.trim()
    const found: Problem = !reason
      ? { field: "reason", text: NO_REASON_TEXT }
      : noteRequired && !trimmedNote
        ? { field: "note", text: NO_NOTE_TEXT }
        : kind === "exchange" && !exchangeSize
          ? { field: "size", text: NO_SIZE_TEXT }
          : null
    setProblem(found)
    if (found || !reason) return
    create.mutate(
      {
        orderId: order.id,
        request: {
          lines: [
            {
              lineId,
              quantity,
              reason,
              ...(trimmedNote ? { note: trimmedNote } : {}),
              ...(kind === "exchange" && exchangeSize ? { exchangeSize } : {}),
            },
          ],
          ...(pickupAddressId ? { pickupAddressId } : {}),
        },
      },
      { onSuccess: onClose },
    )
  }

  return (
    <form className="return-form" noValidate onSubmit={submit}>
      <div className="field">
        <label className="field__label" htmlFor={quantityId}>
          Quantity
        </label>
        <select
          id={quantityId}
          className="field__input"
          value={quantity}
          onChange={(event) => {
            setQuantity(Number(event.target.value))
          }}
        >
          {Array.from({ length: item.returnableQuantity }, (_, index) => index + 1).map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
      </div>

      <fieldset className="return-form__group">
        <legend className="field__label">Reason</legend>
        {RETURN_REASONS.map((choice) => (
          <label key={choice} className="checkbox">
            <input
              type="radio"
              name={reasonName}
              value={choice}
              checked={reason === choice}
              onChange={() => {
                setReason(choice)
              }}
            />
            {choice}
          </label>
        ))}
        <FormError message={problem?.field === "reason" ? problem.text : null} />
      </fieldset>

      <div className="field">
        <label className="field__label" htmlFor={noteId}>
          {noteRequired ? "Note (required)" : "Note (optional)"}
        </label>
        <textarea
          id={noteId}
          className="field__input"
          rows={3}
          maxLength={RETURN_NOTE_MAX}
          required={noteRequired}
          aria-invalid={problem?.field === "note" || undefined}
          aria-describedby={[noteHintId, problem?.field === "note" ? noteErrorId : null].filter(Boolean).join(" ")}
          value={note}
          onChange={(event) => {
            setNote(event.target.value)
          }}
        />
        <p id={noteHintId} className="field__hint">
          {`${String(note.length)}/${String(RETURN_NOTE_MAX)} characters`}
        </p>
        <FormError id={noteErrorId} message={problem?.field === "note" ? problem.text : null} />
      </div>

      {kind === "exchange" ? (
        <div className="field">
          <span className="field__label" aria-hidden="true">
            New size
          </span>
          <ExchangeSizes productId={item.productId} size={item.size} value={exchangeSize} onChange={setExchangeSize} />
          <FormError message={problem?.field === "size" ? problem.text : null} />
        </div>
      ) : null}

      <PickupAddress value={pickupAddressId} onChange={setPickupAddressId} />

      <section className="return-form__outcome" aria-labelledby={outcomeId}>
        <h3 id={outcomeId} className="field__label">
          What you get
        </h3>
        {kind === "exchange" ? (
          <p>{exchangeSize ? exchangeText(exchangeSize) : "No charge: choose the new size above."}</p>
        ) : (
          <>
            {(refund ? refundTexts(refund, order.paymentMethod) : []).map((text) => (
              <p key={text}>{text}</p>
            ))}
            {codFee ? <p className="muted">{codFee}</p> : null}
          </>
        )}
      </section>

      <FormError message={create.isError ? errorMessage(create.error, FAILED_TEXT) : null} />
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          {create.isPending ? "Sending…" : SUBMIT_LABELS[kind]}
        </button>
      </div>
    </form>
  )
}

/** 'Return' or 'Exchange size' for one line of an order: the form in a dialog that closes once the request is taken. */
export function ReturnDialog({ order, lineIndex, kind, onClose }: ReturnFormProps) {
  const item = order.items[lineIndex]
  const itemId = useId()
  return (
    <Dialog open onClose={onClose} title={TITLES[kind]} className="dialog--form" closeButton describedBy={itemId}>
      <p id={itemId} className="dialog__text">
        {[item?.title, item?.size ? `Size ${item.size}` : null].filter(Boolean).join(" · ")}
      </p>
      <ReturnForm order={order} lineIndex={lineIndex} kind={kind} onClose={onClose} />
    </Dialog>
  )
}
