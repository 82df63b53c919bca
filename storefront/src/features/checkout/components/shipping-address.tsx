import { useId } from "react"
import { DeliveryEstimate } from "@/components/delivery-estimate"
import { SegmentedControl } from "@/components/ui/segmented-control"
import type { Form } from "@/hooks/use-form"
import type { Address } from "@/types/address"
import { NewAddressForm, type NewAddressField } from "./new-address-form"
import { SavedAddressList } from "./saved-address-list"

export type AddressMode = "select" | "new"

/** The saved addresses as loaded so far. */
export type SavedAddresses = { status: "pending" | "error" | "success"; addresses: Address[] }

type ShippingAddressSectionProps = {
  mode: AddressMode
  saved: SavedAddresses
  selectedId: string | null
  /** The new address as typed so far (see NewAddressForm). */
  newAddress: Form<NewAddressField>
  /** Whether the new address is also kept in the account. */
  save: boolean
  disabled: boolean
  onModeChange: (mode: AddressMode) => void
  onSelect: (id: string) => void
  onSaveChange: (save: boolean) => void
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
  newAddress,
  save,
  disabled,
  onModeChange,
  onSelect,
  onSaveChange,
}: ShippingAddressSectionProps) {
  const titleId = useId()
  const noneSaved = saved.status === "success" && saved.addresses.length === 0

  return (
    <section className="checkout-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="checkout-section__title">
        Shipping Address
      </h2>
      <SegmentedControl
        label="Address source"
        options={[
          { value: "select", label: "Choose Saved", disabled: noneSaved },
          { value: "new", label: "Add New" },
        ]}
        value={mode}
        disabled={disabled}
        onChange={onModeChange}
      />
      {mode === "select" ? (
        <SavedAddressesPanel saved={saved} selectedId={selectedId} disabled={disabled} onSelect={onSelect} />
      ) : (
        <NewAddressForm form={newAddress} save={save} disabled={disabled} onSaveChange={onSaveChange} />
      )}
      <DeliveryEstimate pincode={mode === "select" ? saved.addresses.find((address) => address.id === selectedId)?.postalCode : newAddress.values.postalCode} />
    </section>
  )
}
