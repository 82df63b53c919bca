import { conflict, notFound, unauthorized } from "../../http/errors.js"
import { parse } from "../../http/validate.js"
import type { UsersRepository } from "../users/index.js"
import { presentAddress } from "./presenter.js"
import type { AddressesRepository, MedusaAddress } from "./repository.js"
import { ADDRESS_NOT_FOUND, addressBody, type AddressInput, type AddressPatch } from "./schema.js"

export const NO_SHOP_CUSTOMER = "Your account is not linked to a shop customer yet, so addresses can't be saved. Please contact support."

function newestFirst(a: MedusaAddress, b: MedusaAddress): number {
  return b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id)
}

function defaultThenNewest(a: MedusaAddress, b: MedusaAddress): number {
  return Number(b.is_default_shipping) - Number(a.is_default_shipping) || newestFirst(a, b)
}

/**
 * The address book's rules: the first address saved becomes the default, one default at a time, and
 * deleting the default passes it to the most recently created address left.
 */
export function addressService(users: UsersRepository, addresses: AddressesRepository) {
  async function customerOf(userId: string): Promise<string> {
    const user = await users.byId(userId)
    if (!user) throw unauthorized()
    if (!user.medusa_customer_id) throw conflict(NO_SHOP_CUSTOMER)
    return user.medusa_customer_id
  }

  function found<T>(address: T | undefined): T {
    if (!address) throw notFound(ADDRESS_NOT_FOUND)
    return address
  }

  return {
    async list(userId: string): Promise<MedusaAddress[]> {
      return (await addresses.list(await customerOf(userId))).sort(defaultThenNewest)
    },

    async create(userId: string, input: AddressInput): Promise<MedusaAddress> {
      const customerId = await customerOf(userId)
      const isFirst = (await addresses.list(customerId)).length === 0
      const created = await addresses.create(customerId, { ...input, isDefault: input.isDefault || isFirst })
      if (!created) throw conflict(NO_SHOP_CUSTOMER)
      return created
    },

    async replace(userId: string, addressId: string, input: AddressInput): Promise<MedusaAddress> {
      return found(await addresses.update(await customerOf(userId), addressId, input))
    },

    /** Applies the given fields over the stored address and checks the result as a whole address. */
    async patch(userId: string, addressId: string, patch: AddressPatch): Promise<MedusaAddress> {
      const customerId = await customerOf(userId)
      const { id: _id, isDefault: _isDefault, ...stored } = presentAddress(found(await addresses.byId(customerId, addressId)))
      const given = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined))
      return found(await addresses.update(customerId, addressId, parse(addressBody, { ...stored, ...given })))
    },

    async makeDefault(userId: string, addressId: string): Promise<MedusaAddress> {
      return found(await addresses.makeDefault(await customerOf(userId), addressId))
    },

    async remove(userId: string, addressId: string): Promise<void> {
      const customerId = await customerOf(userId)
      const all = await addresses.list(customerId)
      const target = found(all.find((address) => address.id === addressId))
      if (!(await addresses.remove(customerId, target.id))) throw notFound(ADDRESS_NOT_FOUND)
      const [successor] = all.filter((address) => address.id !== target.id).sort(newestFirst)
      if (target.is_default_shipping && successor) await addresses.makeDefault(customerId, successor.id)
    },
  }
}

export type AddressService = ReturnType<typeof addressService>
