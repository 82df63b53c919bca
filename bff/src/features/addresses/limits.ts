import { perUserAndAddress, type Limit } from "../../http/rate-limit.js"

const DAY = 24 * 60 * 60_000
/**
 * New addresses a day: each is a Medusa customer address. A shopper keeps a handful (home, work, a
 * parent's) and adds one now and then; 20 a day is a script. Ten shoppers' worth per address (shared NATs).
 */
const NEW_ADDRESSES_PER_DAY = 20
const SHOPPERS_PER_ADDRESS = 10

/** The address book's budget, spent by POST /addresses and by a checkout that saves a new address. */
export const newAddressLimits = (): Limit[] => perUserAndAddress("address-create", DAY, NEW_ADDRESSES_PER_DAY, NEW_ADDRESSES_PER_DAY * SHOPPERS_PER_ADDRESS)
