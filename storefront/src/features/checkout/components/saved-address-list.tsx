import { AddressLines } from "@/components/ui/address-lines"
import type { Address } from "@/types/address"

type SavedAddressListProps = {
  addresses: Address[]
  selectedId: string | null
  disabled: boolean
  onSelect: (id: string) => void
}

/** The saved addresses as selectable cards, the default marked. */
export function SavedAddressList({ addresses, selectedId, disabled, onSelect }: SavedAddressListProps) {
  return (
    <div className="address-list" role="radiogroup" aria-label="Saved addresses">
      {addresses.map((address) => (
        <label key={address.id} className={`address-card address-option${address.id === selectedId ? " is-selected" : ""}`}>
          <span className="address-card__head">
            <input
              type="radio"
              name="saved-address"
              value={address.id}
              checked={address.id === selectedId}
              disabled={disabled}
              onChange={() => {
                onSelect(address.id)
              }}
            />
            <span className="address-card__label">{address.label}</span>
            {address.isDefault ? <span className="badge">Default</span> : null}
          </span>
          <AddressLines address={address} />
        </label>
      ))}
    </div>
  )
}
