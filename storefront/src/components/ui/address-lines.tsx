import type { Address } from "@/types/address"

/** An address as it reads on a card: name, phone, line 1, line 2 when given, city, state and pincode, country. */
export function AddressLines({ address }: { address: Address }) {
  const place = [address.city, address.state, address.postalCode].filter(Boolean).join(", ")
  return (
    <address className="address-card__text">
      <span>{address.fullName}</span>
      <span>{address.phone}</span>
      <span>{address.line1}</span>
      {address.line2 ? <span>{address.line2}</span> : null}
      <span>{place}</span>
      <span>{address.country}</span>
    </address>
  )
}
