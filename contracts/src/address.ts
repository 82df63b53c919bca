/** A saved shipping address as the BFF answers it; phone is 10 digits, postalCode the 6-digit pincode. */
export type Address = {
  id: string
  label: string
  fullName: string
  phone: string
  line1: string
  line2: string | null
  city: string
  state: string
  postalCode: string
  country: string
  isDefault: boolean
}
