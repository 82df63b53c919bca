import { z } from "zod"

export { addToBagBody, setQuantityBody, setSizeBody } from "@fitshop/contracts"

/** A bag line id (a uuid). Anything else is no line of this shopper. */
export const bagLineParams = z.object({
  id: z.uuid(),
})
