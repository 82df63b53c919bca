import { dropHasOpened, dropOpensMessage, type DropListing, type DropsAnswer, type Product } from "@fitshop/contracts"
import { conflict } from "../../http/errors.js"
import { prepared, type Db } from "../../lib/db.js"

/**
 * Refuses to sell a scheduled drop before it opens (409 "This drop opens at …"): ADD TO BAG and checkout ask
 * alike. A catalogue document kept before drops existed has no `drop`: an ordinary product.
 */
export function refuseUnopenedDrop(product: Partial<Pick<Product, "drop">>, now: Date = new Date()): void {
  const { drop } = product
  if (drop && !dropHasOpened(drop, now)) throw conflict(dropOpensMessage(drop.startsAt))
}

type DropRow = { productId: string; title: string; startsAt: string; remaining: number }

/**
 * Every drop in the catalogue with its units not yet held, in one statement: each size's stock in the read model less
 * the holds the stock gate counts (bff.counted_holds, migration 049), never below none, summed.
 */
const DROPS_SQL = `
  select d.id as "productId", d.document->>'title' as title, d.document->'drop'->>'startsAt' as "startsAt",
         (select coalesce(sum(greatest(0, coalesce((v->>'stockOnHand')::int, 0) - coalesce(h.held, 0))), 0)::int
            from json_array_elements(d.document->'variants') v
            left join bff.counted_holds(array(select s->>'id' from json_array_elements(d.document->'variants') s), null) h
              on h.variant_id = v->>'id') as remaining
    from bff.catalog_documents d
   where (d.document->>'drop') is not null`

/**
 * `GET /api/drops`: the drops not yet open and those open with units left, soonest first; an open drop with none
 * left is over. Read live each time (the product page polls it), so `remaining` is never an old count.
 */
export async function upcomingAndLiveDrops(db: Pick<Db, "query">, now: Date = new Date()): Promise<DropsAnswer> {
  const { rows } = await db.query<DropRow>(prepared(DROPS_SQL, []))
  const drops = rows
    .map((row): DropListing => ({ ...row, live: dropHasOpened(row, now) }))
    .filter((drop) => !drop.live || drop.remaining > 0)
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.productId.localeCompare(b.productId))
  return { drops }
}
