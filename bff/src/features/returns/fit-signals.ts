import { RETURN_REASONS, SIZES, type FitAnswer } from "@fitshop/contracts"
import { prepared, type Db } from "../../lib/db.js"

type Queryable = Pick<Db, "query">

const [SIZE_TOO_SMALL, SIZE_TOO_BIG] = RETURN_REASONS

/**
 * SQL: what a return's line `l` of the return `r` says of the fit. An exchange to a bigger size says the piece runs
 * small, to a smaller one large; a return for "Size too small" says small, "Size too big" large; anything else
 * nothing (null). $2 is the sizes in order, $3 and $4 the two reasons.
 */
const FIT_OF_LINE = `case
    when r.kind = 'exchange' and array_position($2::text[], l ->> 'exchangeSize') > array_position($2::text[], l ->> 'size') then 'SMALL'
    when r.kind = 'exchange' and array_position($2::text[], l ->> 'exchangeSize') < array_position($2::text[], l ->> 'size') then 'LARGE'
    when l ->> 'reason' = $3 then 'SMALL'
    when l ->> 'reason' = $4 then 'LARGE'
  end`

const fitParameters = [[...SIZES], SIZE_TOO_SMALL, SIZE_TOO_BIG]

/**
 * Each buyer's fit answer told by what they did with the product (their latest exchange or fit return of it that
 * says something, cancelled ones aside), by user id: the product page's fit verdict counts these beside reviews.
 */
export async function fitAnswersFromReturns(client: Queryable, productId: string): Promise<Map<string, FitAnswer>> {
  const { rows } = await client.query<{ user_id: string; fit: FitAnswer }>(
    prepared(
      `select distinct on (r.user_id) r.user_id, ${FIT_OF_LINE} as fit
         from bff.returns r cross join lateral jsonb_array_elements(r.lines) as l
        where r.lines @> jsonb_build_array(jsonb_build_object('productId', $1::text)) and l ->> 'productId' = $1
          and r.status <> 'cancelled' and ${FIT_OF_LINE} is not null
        order by r.user_id, r.requested_at desc`,
      [productId, ...fitParameters],
    ),
  )
  return new Map(rows.map((row) => [row.user_id, row.fit]))
}

/** How far back the fit-return rate looks: units delivered in the last this many days. */
export const FIT_RETURN_DAYS = 90
const FIT_RETURN_PRODUCTS = 50

export type FitReturnRow = { productId: string; title: string; unitsDelivered: number; tooSmall: number; tooBig: number }

/**
 * Per product, the units delivered in the last FIT_RETURN_DAYS (test orders aside) and how many of them were sent
 * back or exchanged because of their fit, too small or too big (cancelled asks aside): the console's fit-return rate.
 * The highest rate first, at most FIT_RETURN_PRODUCTS products.
 */
export async function fitReturnCounts(client: Queryable): Promise<FitReturnRow[]> {
  const { rows } = await client.query<{ product_id: string; title: string; units: number; too_small: number; too_big: number }>(
    `with delivered as (
       select o.id, line ->> 'productId' as product_id, line ->> 'title' as title, (line ->> 'quantity')::int as quantity
         from bff.orders o cross join lateral jsonb_array_elements(o.items) as line
        where o.delivered_at >= now() - make_interval(days => $1) and not o.is_test
     ), fit as (
       select l ->> 'productId' as product_id,
              coalesce(sum((l ->> 'quantity')::int) filter (where ${FIT_OF_LINE} = 'SMALL'), 0)::int as too_small,
              coalesce(sum((l ->> 'quantity')::int) filter (where ${FIT_OF_LINE} = 'LARGE'), 0)::int as too_big
         from bff.returns r cross join lateral jsonb_array_elements(r.lines) as l
        where r.status <> 'cancelled' and r.order_id in (select id from delivered)
        group by 1
     )
     select d.product_id, max(d.title) as title, sum(d.quantity)::int as units,
            coalesce(max(f.too_small), 0)::int as too_small, coalesce(max(f.too_big), 0)::int as too_big
       from delivered d left join fit f on f.product_id = d.product_id
      group by d.product_id
      order by (coalesce(max(f.too_small), 0) + coalesce(max(f.too_big), 0))::float / sum(d.quantity) desc, sum(d.quantity) desc, d.product_id
      limit ${FIT_RETURN_PRODUCTS}`,
    [FIT_RETURN_DAYS, ...fitParameters],
  )
  return rows.map((row) => ({ productId: row.product_id, title: row.title, unitsDelivered: row.units, tooSmall: row.too_small, tooBig: row.too_big }))
}
