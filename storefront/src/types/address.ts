/** POST /api/addresses and PUT /api/addresses/{id} take an AddressBody; the server defaults label to Home and country to India. */
export type { Address, AddressBody as AddressInput } from "@fitshop/contracts"
