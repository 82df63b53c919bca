import pg from "pg"
import { signAccessToken } from "../../bff/src/lib/tokens.js"

/** The analytics bench data: 50,000 orders by 2,000 shoppers over the bench products, spread over 180 days. */
export const ADMIN_SEED = { orders: 50_000, shoppers: 2000, days: 180 }
/** Shares of the seed's orders: paid cash on delivery, cancelled afterwards, live-test payments; and of lines bought through a FITFEED post. */
export const ADMIN_SEED_SHARES = { cod: 0.55, cancelled: 0.05, test: 0.003, throughPost: 0.15 }

/** Bench buyers and the bench's member of staff are told apart from everyone else by this e-mail domain. */
const DOMAIN = "orders.bench"
const ORDER_PREFIX = "order_sales_bench_"

export type AdminSeedFigures = {
  orders: number
  cancelled: number
  tests: number
  cod: number
  lines: number
  linesThroughPosts: number
  products: number
  firstDay: string
  lastDay: string
}
/** Whether the kept sales figures equal a direct computation from the orders' items, and how many rows differ. */
export type AdminSeedCheck = { exact: boolean; wrongDays: number; wrongProducts: number; wrongProductDays: number }
export type AdminSeed = { seconds: number; reused: boolean; figures: AdminSeedFigures; check: AdminSeedCheck; staffAuthorization: string }

/**
 * The seed, in one transaction of set-based statements, deterministic (setseed). Buyers are skewed (a few
 * buy often), products follow a steep popularity curve over the read model's products, days get busier
 * towards today. Orders go into bff.checkouts and bff.orders as a placement writes them, so migration
 * 021's trigger keeps the sales figures exactly as in the shop (it fires at the commit); 5% are then
 * cancelled through an update of their status, as a cancellation does. Dark Coins: a welcome grant per
 * buyer, spends on one order in ten, referral earnings for lines bought through a post.
 */
const SEED_SQL = (s: typeof ADMIN_SEED, shares: typeof ADMIN_SEED_SHARES) => [
  "select setseed(0.1717)",
  `insert into bff.users (email, name, handle, email_verified_at, created_at)
   select 'bench-buyer-' || n || '@${DOMAIN}', 'Bench Buyer ' || n, 'buyer.' || n, now(), now() - interval '200 days'
     from generate_series(1, ${s.shoppers}) n`,
  `insert into bff.users (email, name, handle, role, email_verified_at) values ('bench-staff@${DOMAIN}', 'Bench Merchandiser', 'orders.staff', 'admin', now())`,
  `insert into bff.session_families (user_id, user_agent) select id, 'admin analytics bench' from bff.users where email = 'bench-staff@${DOMAIN}'`,
  `create temporary table bench_buyers on commit drop as
   select id, substring(handle from 7)::int as n from bff.users where email like 'bench-buyer-%@${DOMAIN}'`,
  "create unique index on bench_buyers (n)",
  `create temporary table bench_products on commit drop as
   select row_number() over (order by id)::int as k, id, title, image_url, base_price from bff.catalog_products`,
  "create unique index on bench_products (k)",
  // Each order's buyer, day, payment and fate; recent days are busier (the shop grows).
  `create temporary table bench_orders on commit drop as
   select g, gen_random_uuid() as checkout_id, '${ORDER_PREFIX}' || g as order_id,
          1 + floor(${s.shoppers} * power(random(), 1.4))::int as buyer,
          now() - power(random(), 1.3) * interval '${s.days} days' as created_at,
          case when random() < ${shares.cod} then 'cod' else 'online' end as payment_method,
          random() < ${shares.cancelled} as cancelled,
          random() < ${shares.test} as is_test,
          case when random() < 0.1 then (1 + floor(random() * 5))::int * 10 else 0 end as coins,
          1 + (random() < 0.35)::int + (random() < 0.1)::int as line_count
     from generate_series(1, ${s.orders}) g`,
  // Lines: a product drawn from a steep popularity curve, a size, one or two units, and a post for some.
  `create temporary table bench_lines on commit drop as
   with drawn as materialized (
     select o.g, l, 1 + floor((select count(*) from bench_products) * power(random(), 2.2))::int as k,
            (array['S', 'M', 'L', 'XL'])[1 + floor(random() * 4)::int] as size, 1 + (random() < 0.2)::int as quantity,
            case when random() < ${shares.throughPost} then (1 + floor(random() * 10000))::int::text end as ref_post_id
       from bench_orders o cross join lateral generate_series(1, o.line_count) l)
   select d.g, d.l, p.id as product_id, p.title, p.image_url, p.base_price as unit_price, d.size, d.quantity, d.ref_post_id
     from drawn d join bench_products p on p.k = d.k`,
  `create temporary table bench_items on commit drop as
   select g, sum(quantity * unit_price)::int as subtotal,
          jsonb_agg(jsonb_build_object('productId', product_id, 'variantId', 'variant_' || product_id || '_' || size, 'size', size,
                    'quantity', quantity, 'unitPrice', unit_price, 'title', title, 'imageUrl', image_url, 'refPostId', ref_post_id) order by l) as items
     from bench_lines group by g`,
  `create temporary table bench_placed on commit drop as
   select o.*, b.id as user_id, i.items, i.subtotal,
          least(i.subtotal, o.coins / 10 * 100) as discount, case when o.payment_method = 'cod' then 10000 else 0 end as cod_fee
     from bench_orders o join bench_buyers b on b.n = o.buyer join bench_items i on i.g = o.g`,
  `insert into bff.checkouts (id, user_id, mode, medusa_cart_id, receipt, subtotal_paise, discount_paise, coins, cod_fee_paise, amount_paise,
                              is_test, lines, address, status, order_id, created_at, updated_at)
   select checkout_id, user_id, case when payment_method = 'cod' then 'cod' else 'prepaid' end, 'cart_sales_bench_' || g, 'sales_bench_' || g,
          subtotal, discount, discount / 100 * 10, cod_fee, subtotal - discount + cod_fee, is_test, items,
          jsonb_build_object('fullName', 'Bench Buyer ' || buyer, 'phone', '9876543210', 'line1', (g % 300) || ' Linking Road', 'line2', null,
                             'city', 'Mumbai', 'state', 'Maharashtra', 'postalCode', '400050', 'country', 'India', 'email', null),
          'placed', order_id, created_at, created_at
     from bench_placed`,
  `insert into bff.orders (id, checkout_id, user_id, display_id, status, payment_method, is_test, subtotal_paise, discount_paise, cod_fee_paise,
                           total_paise, items, shipping_address, created_at, updated_at)
   select p.order_id, p.checkout_id, p.user_id, 100000 + p.g,
          case when p.created_at < now() - interval '10 days' then 'DELIVERED'
               when p.created_at < now() - interval '5 days' then 'SHIPPED'
               when p.created_at < now() - interval '2 days' then 'PROCESSING'
               when p.payment_method = 'cod' then 'PLACED' else 'PAID' end,
          p.payment_method, p.is_test, p.subtotal, p.discount, p.cod_fee, p.subtotal - p.discount + p.cod_fee, p.items, c.address, p.created_at, p.created_at
     from bench_placed p join bff.checkouts c on c.id = p.checkout_id`,
  // Cancelled afterwards, as Medusa's cancellation notice does it: the trigger takes them out of the figures.
  `update bff.orders o set status = 'CANCELLED', updated_at = o.created_at + interval '1 hour'
     from bench_orders b where b.order_id = o.id and b.cancelled`,
  `insert into bff.dark_coin_entries (user_id, coins, kind, note, created_at)
   select id, 500, 'adjustment', 'Welcome coins (bench)', now() - interval '200 days' from bench_buyers`,
  `insert into bff.dark_coin_entries (user_id, coins, kind, note, checkout_id, order_id, created_at)
   select user_id, -(discount / 100 * 10), 'spend', 'Dark Coins discount', checkout_id, order_id, created_at from bench_placed where discount > 0`,
  `insert into bff.dark_coin_entries (user_id, coins, kind, note, checkout_id, order_id, created_at)
   select user_id, discount / 100 * 10, 'reversal', 'Order cancelled: Dark Coins returned', checkout_id, order_id, created_at + interval '1 hour'
     from bench_placed where discount > 0 and cancelled`,
  // Referral earnings: 5% of a delivered, uncancelled line's value, to a buyer standing in for the post's author.
  `insert into bff.dark_coin_entries (user_id, coins, kind, note, order_id, line_key, post_id, created_at)
   select a.id, greatest(1, (l.quantity * l.unit_price * 5 / 100 / 100)::int), 'earn', 'Referral (bench)', o.order_id, l.l::text, l.ref_post_id,
          o.created_at + interval '10 days'
     from bench_lines l join bench_orders o on o.g = l.g join bench_buyers a on a.n = 1 + (l.ref_post_id::int % ${s.shoppers})
    where l.ref_post_id is not null and not o.cancelled and o.created_at < now() - interval '10 days'`,
]

const TABLES = [
  "bff.users",
  "bff.session_families",
  "bff.checkouts",
  "bff.orders",
  "bff.dark_coin_entries",
  "bff.sales_days",
  "bff.product_sales",
  "bff.product_sales_days",
  "bff.catalog_variant_stock",
]

/** The kept sales figures against a direct computation from every order's items (all orders, not only the seed's). */
const CHECK_SQL = `
  with sales as (select * from bff.orders where status <> 'CANCELLED' and not is_test),
  lines as (
    select s.payment_method, (s.created_at at time zone 'Asia/Kolkata')::date as day, line ->> 'productId' as product_id,
           (line ->> 'quantity')::int as units, (line ->> 'quantity')::bigint * (line ->> 'unitPrice')::bigint as revenue,
           coalesce(line ->> 'refPostId', '') <> '' as through_post
      from sales s cross join lateral jsonb_array_elements(s.items) line),
  days as (
    select o.day, o.payment_method, o.orders, o.revenue, coalesce(f.fitfeed, 0) as fitfeed
      from (select (created_at at time zone 'Asia/Kolkata')::date as day, payment_method, count(*)::int as orders, sum(total_paise)::bigint as revenue
              from sales group by 1, 2) o
      left join (select day, payment_method, sum(revenue) as fitfeed from lines where through_post group by 1, 2) f using (day, payment_method)),
  products as (select product_id, sum(units)::int as units, sum(revenue)::bigint as revenue from lines group by 1),
  product_days as (select product_id, day, sum(units)::int as units, sum(revenue)::bigint as revenue from lines group by 1, 2)
  select
    (select count(*) from days d full join bff.sales_days k using (day, payment_method)
      where (d.orders, d.revenue, d.fitfeed) is distinct from (k.orders, k.revenue_paise, k.fitfeed_revenue_paise))::int as wrong_days,
    (select count(*) from products p full join (select * from bff.product_sales where units > 0) k using (product_id)
      where (p.units, p.revenue) is distinct from (k.units, k.revenue_paise))::int as wrong_products,
    (select count(*) from product_days p full join (select * from bff.product_sales_days where units > 0) k using (product_id, day)
      where (p.units, p.revenue) is distinct from (k.units, k.revenue_paise))::int as wrong_product_days`

const FIGURES_SQL = `
  with seeded as (select * from bff.orders where id like '${ORDER_PREFIX}%')
  select count(*)::int as orders, (count(*) filter (where status = 'CANCELLED'))::int as cancelled, (count(*) filter (where is_test))::int as tests,
         (count(*) filter (where payment_method = 'cod'))::int as cod,
         (select count(*) from seeded, jsonb_array_elements(items))::int as lines,
         (select count(*) from seeded, jsonb_array_elements(items) line where coalesce(line ->> 'refPostId', '') <> '')::int as lines_through_posts,
         (select count(distinct line ->> 'productId') from seeded, jsonb_array_elements(items) line)::int as products,
         to_char(min((created_at at time zone 'Asia/Kolkata')::date), 'YYYY-MM-DD') as first_day,
         to_char(max((created_at at time zone 'Asia/Kolkata')::date), 'YYYY-MM-DD') as last_day
    from seeded`

/**
 * Seeds the analytics bench data straight into the bench database (skipped when a kept database already
 * holds it), checks the sales figures the trigger kept against a direct computation, and signs an access
 * token for the bench's member of staff (role admin, with a session family, as the BFF checks).
 */
export async function seedAdminAnalytics(databaseUrl: string, tokenSecret: string): Promise<AdminSeed> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const started = performance.now()
    const existing = Number((await client.query<{ n: string }>(`select count(*) as n from bff.orders where id like '${ORDER_PREFIX}%'`)).rows[0]!.n)
    const reused = existing > 0
    if (!reused) {
      const products = Number((await client.query<{ n: string }>("select count(*) as n from bff.catalog_products")).rows[0]!.n)
      if (products < 200) throw new Error(`the analytics seed needs at least 200 products in the read model, found ${products}`)
      await client.query("begin")
      try {
        for (const statement of SEED_SQL(ADMIN_SEED, ADMIN_SEED_SHARES)) await client.query(statement)
        await client.query("commit")
      } catch (error) {
        await client.query("rollback").catch(() => undefined)
        throw error
      }
      await client.query(`vacuum (analyze) ${TABLES.join(", ")}`)
      // The one seed transaction rewrote each figure row once per order (50,000 versions of a day's row);
      // in the shop, orders arrive over months and autovacuum reuses the space, so the rows are compacted.
      await client.query("vacuum full analyze bff.sales_days, bff.product_sales, bff.product_sales_days, bff.order_counts")
    }
    const seconds = (performance.now() - started) / 1000
    const figures = (await client.query<Record<string, number | string>>(FIGURES_SQL)).rows[0]!
    if (figures.orders !== ADMIN_SEED.orders) throw new Error(`the analytics seed holds ${figures.orders} orders, not ${ADMIN_SEED.orders}`)
    const wrong = (await client.query<{ wrong_days: number; wrong_products: number; wrong_product_days: number }>(CHECK_SQL)).rows[0]!
    const check = {
      exact: wrong.wrong_days + wrong.wrong_products + wrong.wrong_product_days === 0,
      wrongDays: wrong.wrong_days,
      wrongProducts: wrong.wrong_products,
      wrongProductDays: wrong.wrong_product_days,
    }
    const { rows } = await client.query<{ id: string; family: string }>(
      `select u.id, f.id as family from bff.users u
         join lateral (select id from bff.session_families where user_id = u.id and revoked_at is null order by created_at, id limit 1) f on true
        where u.email = 'bench-staff@${DOMAIN}'`,
    )
    const staff = rows[0]
    if (!staff) throw new Error("the analytics seed's member of staff has no session")
    return {
      seconds,
      reused,
      figures: {
        orders: Number(figures.orders),
        cancelled: Number(figures.cancelled),
        tests: Number(figures.tests),
        cod: Number(figures.cod),
        lines: Number(figures.lines),
        linesThroughPosts: Number(figures.lines_through_posts),
        products: Number(figures.products),
        firstDay: String(figures.first_day),
        lastDay: String(figures.last_day),
      },
      check,
      staffAuthorization: `Bearer ${signAccessToken({ sub: staff.id, sid: staff.family, role: "admin" }, tokenSecret, 4 * 3600)}`,
    }
  } finally {
    await client.end()
  }
}
