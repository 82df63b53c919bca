import { useId } from "react"
import type { AddressTextField } from "@/lib/address-form"
import type { Address } from "@/types/address"
import { NewAddressForm, type NewAddressDraft } from "./new-address-form"
import { SavedAddressList } from "./saved-address-list"

export type AddressMode = "select" | "new"

/** The saved addresses as loaded so far. */
export type SavedAddresses = { status: "pending" | "error" | "success"; addresses: Address[] }

type ShippingAddressSectionProps = {
  mode: AddressMode
  saved: SavedAddresses
  selectedId: string | null
  draft: NewAddressDraft
  missing: readonly AddressTextField[]
  disabled: boolean
  onModeChange: (mode: AddressMode) => void
  onSelect: (id: string) => void
  onDraftChange: (draft: NewAddressDraft) => void
}

function SavedAddressesPanel({ saved, selectedId, disabled, onSelect }: Pick<ShippingAddressSectionProps, "saved" | "selectedId" | "disabled" | "onSelect">) {
  if (saved.status === "pending") {
    return (
      <p className="muted" role="status">
        Loading addresses…
      </p>
    )
  }
  if (saved.status === "error") {
    return (
      <p className="inline-error" role="alert">
        Failed to load addresses
      </p>
    )
  }
  if (saved.addresses.length === 0) return <p className="muted">No addresses yet. Add one in the “Add New” tab.</p>
  return <SavedAddressList addresses={saved.addresses} selectedId={selectedId} disabled={disabled} onSelect={onSelect} />
}

/** Section 2: a saved address ('Choose Saved', off when there is none) or a new one ('Add New'). */
export function ShippingAddressSection({
  mode,
  saved,
  selectedId,
  draft,
  missing,
  disabled,
  onModeChange,
  onSelect,
  onDraftChange,
}: ShippingAddressSectionProps) {
  const titleId = useId()
  const noneSaved = saved.status === "success" && saved.addresses.length === 0

  return (
    <section className="checkout-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="checkout-section__title">
        Shipping Address
      </h2>
      <div className="segmented" role="group" aria-label="Address source">
        <button
          type="button"
          className="segment"
          aria-pressed={mode === "select"}
          disabled={noneSaved || disabled}
          onClick={() => {
            onModeChange("select")
          }}
        >
          Choose Saved
        </button>
        <button
          type="button"
          className="segment"
          aria-pressed={mode === "new"}
          disabled={disabled}
          onClick={() => {
            onModeChange("new")
          }}
        >
          Add New
        </button>
      </div>
      {mode === "select" ? (
        <SavedAddressesPanel saved={saved} selectedId={selectedId} disabled={disabled} onSelect={onSelect} />
      ) : (
        <NewAddressForm draft={draft} missing={missing} disabled={disabled} onChange={onDraftChange} />
      )}
    </section>
  )
}
