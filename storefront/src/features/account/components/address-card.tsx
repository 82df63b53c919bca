import { useId } from "react"
import { AddressLines } from "@/components/ui/address-lines"
import type { Address } from "@/types/address"

type AddressCardProps = {
  address: Address
  busy: boolean
  onEdit: () => void
  onDelete: () => void
  onSetDefault: () => void
}

/** A saved address with its Default mark, and Edit, Delete and (for the others) Set as default. */
export function AddressCard({ address, busy, onEdit, onDelete, onSetDefault }: AddressCardProps) {
  const titleId = useId()

  return (
    <li className="address-card" aria-labelledby={titleId}>
      <div className="address-card__head">
        <h3 id={titleId} className="address-card__label">
          {address.label}
        </h3>
        {address.isDefault ? <span className="badge">Default</span> : null}
      </div>
      <AddressLines address={address} />
      <div className="address-card__actions">
        <button type="button" className="text-button" aria-describedby={titleId} disabled={busy} onClick={onEdit}>
          Edit
        </button>
        <button type="button" className="text-button" aria-describedby={titleId} disabled={busy} onClick={onDelete}>
          Delete
        </button>
        {address.isDefault ? null : (
          <button type="button" className="text-button" aria-describedby={titleId} disabled={busy} onClick={onSetDefault}>
            Set as default
          </button>
        )}
      </div>
    </li>
  )
}
