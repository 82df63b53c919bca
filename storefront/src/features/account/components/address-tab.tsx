import { useState } from "react"
import { FormError } from "@/components/ui/form-error"
import { LoadingLine } from "@/components/ui/read-status"
import { useAddresses } from "@/lib/api/get-addresses"
import { errorMessage } from "@/lib/api-client"
import type { Address } from "@/types/address"
import { useDeleteAddress } from "../api/delete-address"
import { useSetDefaultAddress } from "../api/set-default-address"
import { AddressCard } from "./address-card"
import { AddressDialog } from "./address-dialog"

/** Which dialog is open: none, a new address, or the address being edited. */
type Editing = { address: Address | null } | null

/** The account's Address tab: the saved addresses, default first, with add, edit, delete and set default. */
export function AddressTab() {
  const addresses = useAddresses()
  const remove = useDeleteAddress()
  const setDefault = useSetDefaultAddress()
  const [editing, setEditing] = useState<Editing>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const busy = remove.isPending || setDefault.isPending

  const deleteAddress = (id: string) => {
    setFailure(null)
    remove.mutate(id, {
      onError: (error) => {
        setFailure(errorMessage(error, "Could not delete address"))
      },
    })
  }

  const makeDefault = (id: string) => {
    setFailure(null)
    setDefault.mutate(id, {
      onError: (error) => {
        setFailure(errorMessage(error, "Could not set default address"))
      },
    })
  }

  const list = () => {
    if (addresses.isPending) {
      return <LoadingLine>Loading addresses…</LoadingLine>
    }
    if (addresses.isError) {
      return (
        <p className="inline-error" role="alert">
          Failed to load addresses
        </p>
      )
    }
    if (addresses.data.addresses.length === 0) return <p className="muted">No saved addresses yet.</p>
    return (
      <ul className="address-list" aria-label="Saved addresses">
        {addresses.data.addresses.map((address) => (
          <AddressCard
            key={address.id}
            address={address}
            busy={busy}
            onEdit={() => {
              setEditing({ address })
            }}
            onDelete={() => {
              deleteAddress(address.id)
            }}
            onSetDefault={() => {
              makeDefault(address.id)
            }}
          />
        ))}
      </ul>
    )
  }

  return (
    <div className="address-tab">
      <button
        type="button"
        className="button button--primary"
        onClick={() => {
          setEditing({ address: null })
        }}
      >
        Add address
      </button>
      <FormError message={failure} />
      {list()}
      {editing ? (
        <AddressDialog
          address={editing.address}
          onClose={() => {
            setEditing(null)
          }}
        />
      ) : null}
    </div>
  )
}
