import { IMAGE_SIZES, withQuery, type ShopFirstRead } from "@fitshop/contracts"
import { paths } from "@/config/paths"
import { applyShopFilters, parseShopFilters } from "../utils/shop-filters"
import { applyShopQuery, parseShopQuery, toProductListParams } from "../utils/shop-query"
import { firstPageParams } from "./get-products"

/** Two cards to a row on a phone: their pictures are the shop's largest paint. */
const FIRST_ROW_ON_A_PHONE = 2

/**
 * What the shop lists first at an address, read from it as the page reads it (unknown values dropped, men and
 * Popular by default), and the address written back from that selection alone, sorted: the page renders the same
 * at both, whatever else the link carried. The BFF sends the answer inside the page.
 */
export function shopFirstRead(search: URLSearchParams): ShopFirstRead {
  const query = parseShopQuery(search)
  const filters = parseShopFilters(search)
  const selection = applyShopFilters(applyShopQuery(new URLSearchParams(), query), filters)
  selection.sort()
  return {
    address: withQuery(paths.shop, selection),
    reads: [
      {
        params: firstPageParams(toProductListParams(query, filters)),
        paintedFirst: { count: FIRST_ROW_ON_A_PHONE, sizes: IMAGE_SIZES.productGrid },
      },
    ],
  }
}
