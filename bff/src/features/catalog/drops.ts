import { dropHasOpened, dropOpensMessage, type Product } from "@fitshop/contracts"
import { conflict } from "../../http/errors.js"

/**
 * Refuses to sell a scheduled drop before it opens (409 "This drop opens at …"): ADD TO BAG and checkout ask
 * alike. A catalogue document kept before drops existed has no `drop`: an ordinary product.
 */
export function refuseUnopenedDrop(product: Partial<Pick<Product, "drop">>, now: Date = new Date()): void {
  const { drop } = product
  if (drop && !dropHasOpened(drop, now)) throw conflict(dropOpensMessage(drop.startsAt))
}
