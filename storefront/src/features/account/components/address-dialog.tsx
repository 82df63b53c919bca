import { Dialog } from "@/components/ui/dialog"
import { addressToValues, emptyAddressValues } from "@/lib/address-form"
import { errorMessage } from "@/lib/api-client"
import type { Address, AddressBody } from "@fitshop/contracts"
import { useCreateAddress } from "../api/create-address"
import { useUpdateAddress } from "../api/update-address"
import { AddressForm } from "./address-form"

type AddressDialogProps = {
  /** The address to edit; none to add a new one. */
  address: Address | null
  onClose: () => void
}

/** 'Add address' or 'Edit address': the address form in a dialog that closes once the save succeeds. */
export function AddressDialog({ address, onClose }: AddressDialogProps) {
  const create = useCreateAddress()
  const update = useUpdateAddress()
  const saving = address ? update : create

  const save = (input: AddressBody) => {
    const done = { onSuccess: onClose }
    if (address) update.mutate({ id: address.id, address: input }, done)
    else create.mutate(input, done)
  }

  return (
    <Dialog open onClose={onClose} title={address ? "Edit address" : "Add address"} className="dialog--form" closeButton>
      <AddressForm
        mode={address ? "edit" : "add"}
        initialValues={address ? addressToValues(address) : emptyAddressValues()}
        pending={saving.isPending}
        error={saving.isError ? errorMessage(saving.error, "Could not save address") : null}
        onSubmit={save}
        onCancel={onClose}
      />
    </Dialog>
  )
}
