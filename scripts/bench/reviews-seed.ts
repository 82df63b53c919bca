import pg from "pg"

/** The issue's reviews bench data: 10 bench products with 200 reviews each, one per buyer who received the piece and kept it. */
export const REVIEWS_SEED = { products: 10, reviewsPerProduct: 200 }
/** Shares of the seed's reviews: with a photo, with text. */
export const REVIEWS_SEED_SHARES = { photo: 0.2, text: 0.7 }

/** Bench buyers are told apart from everyone else by this e-mail domain, their orders by this prefix. */
const DOMAIN = "reviews.bench"
const ORDER_PREFIX = "order_reviews_bench_"
/** The bench products' handles (commerce's bench catalogue); the demo catalogue's products are left alone. */
const BENCH_HANDLES = "bench-%"

export type ReviewsSeed = {
  seconds: number
  reused: boolean
  /** The products with REVIEWS_SEED.reviewsPerProduct reviews each, and as many without any, spread alike over the bench catalogue. */
  reviewed: string[]
  unreviewed: string[]
  figures: { reviews: number; withPhoto: number; withText: number; stars: number[]; fits: Record<"SMALL" | "TRUE" | "LARGE", number> }
}

/**
 * The seed, in one transaction of set-based statements, deterministic (setseed). Buyer n bought product
 * ⌈n / 200⌉ in one order (a checkout placed, the order DELIVERED 5 to 125 days ago, as a placement and a delivery
 * write them, so migration 021's trigger counts the sale) and reviewed it a few days after delivery. Ratings lean
 * to 4 and 5 stars as shops' do; each product's fit answers lean its own way (small, true or large), so verdicts differ.
 */
const SEED_SQL = (s: typeof REVIEWS_SEED, shares: typeof REVIEWS_SEED_SHARES) => [
  "select setseed(0.45)",
  `insert into bff.users (email, name, handle, email_verified_at, created_at)
   select 'bench-reviewer-' || n || '@${DOMAIN}', 'Bench Reviewer ' || n, 'reviewer.' || n, now(), now() - interval '200 days'
     from generate_series(1, ${s.products * s.reviewsPerProduct}) n`,
  `create temporary table bench_purchases on commit drop as
   select n, u.id as user_id, p.id as product_id, p.title, p.base_price, d.listing ->> 'imageUrl' as image_url,
          gen_random_uuid() as checkout_id, '${ORDER_PREFIX}' || n as order_id, (array['S', 'M', 'L', 'XL'])[1 + floor(random() * 4)::int] as size,
          ((n - 1) / ${s.reviewsPerProduct})::int as slot, now() - interval '5 days' - random() * interval '120 days' as delivered_at
     from bff.users u
     cross join lateral (select substring(u.handle from 10)::int as n) b
     join unnest($1::text[]) with ordinality as chosen(id, k) on chosen.k = 1 + (b.n - 1) / ${s.reviewsPerProduct}
     join bff.catalog_products p on p.id = chosen.id
     left join bff.catalog_documents d on d.id = p.id
    where u.email like '%@${DOMAIN}'`,
  `insert into bff.checkouts (id, user_id, mode, medusa_cart_id, receipt, subtotal_paise, discount_paise, coins, cod_fee_paise, amount_paise,
                              lines, address, status, order_id, created_at, updated_at)
   select checkout_id, user_id, 'prepaid', 'cart_reviews_bench_' || n, 'reviews_bench_' || n, base_price, 0, 0, 0, base_price,
          jsonb_build_array(jsonb_build_object('productId', product_id, 'variantId', 'variant_' || product_id || '_' || size, 'size', size,
                            'quantity', 1, 'unitPrice', base_price, 'title', title, 'imageUrl', image_url, 'refPostId', null)),
          jsonb_build_object('fullName', 'Bench Reviewer ' || n, 'phone', '9876543210', 'line1', (n % 300) || ' Hill Road', 'line2', null,
                             'city', 'Bengaluru', 'state', 'Karnataka', 'postalCode', '560038', 'country', 'India', 'email', null),
          'placed', order_id, delivered_at - interval '5 days', delivered_at - interval '5 days'
     from bench_purchases`,
  `insert into bff.orders (id, checkout_id, user_id, status, payment_method, subtotal_paise, discount_paise, cod_fee_paise, total_paise,
                           items, shipping_address, created_at, updated_at, delivered_at)
   select b.order_id, b.checkout_id, b.user_id, 'DELIVERED', 'online', b.base_price, 0, 0, b.base_price, c.lines, c.address,
          b.delivered_at - interval '5 days', b.delivered_at, b.delivered_at
     from bench_purchases b join bff.checkouts c on c.id = b.checkout_id`,
  // A draw per review, materialized so each volatile draw is made once; the product's slot sets which way its fit leans.
  `insert into bff.reviews (user_id, product_id, order_id, size_bought, rating, fit, text, image_url, thumb_url, created_at)
   select user_id, product_id, order_id, size,
          case when r < 0.45 then 5 when r < 0.7 then 4 when r < 0.83 then 3 when r < 0.9 then 2 else 1 end,
          case when f < 0.55 then (array['SMALL', 'TRUE', 'LARGE'])[1 + slot % 3] when f < 0.8 then 'TRUE' when f < 0.9 then 'SMALL' else 'LARGE' end,
          case when t < ${shares.text} then left('Bought ' || size || ' and kept it. ' || repeat('The fabric holds its shape after washing and the colour has not faded. ', 1 + floor(t * 12)::int), 2000) end,
          case when ph < ${shares.photo} then coalesce(image_url, '/media/bench-fit.webp') end,
          case when ph < ${shares.photo} then coalesce(image_url, '/media/bench-fit.webp') end,
          least(now(), delivered_at + random() * interval '10 days')
     from (select b.*, random() as r, random() as f, random() as t, random() as ph from bench_purchases b offset 0) drawn`,
]

const TABLES = ["bff.users", "bff.checkouts", "bff.orders", "bff.reviews"]

/**
 * The bench products the seed reviews and the ones it leaves without reviews as the reference: 2 × REVIEWS_SEED.products
 * spread evenly over the bench catalogue in handle order, alternately reviewed and not, so both sets are alike.
 */
async function chosenProducts(client: pg.Client): Promise<{ reviewed: string[]; unreviewed: string[] }> {
  const { rows } = await client.query<{ id: string }>("select id from bff.catalog_products where handle like $1 order by handle", [BENCH_HANDLES])
  const slots = 2 * REVIEWS_SEED.products
  if (rows.length < slots) throw new Error(`the reviews seed needs at least ${slots} bench products in the read model, found ${rows.length}`)
  const step = Math.floor(rows.length / slots)
  const picked = Array.from({ length: slots }, (_, i) => rows[i * step]!.id)
  return { reviewed: picked.filter((_, i) => i % 2 === 0), unreviewed: picked.filter((_, i) => i % 2 === 1) }
}

/**
 * Seeds the reviews bench data straight into the bench database (skipped when a kept database already holds it) and
 * checks it: every chosen product has exactly REVIEWS_SEED.reviewsPerProduct standing, visible reviews and the reference
 * products none. The caller tells the BFF the product answers changed.
 */
export async function seedReviews(databaseUrl: string): Promise<ReviewsSeed> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const started = performance.now()
    const { reviewed, unreviewed } = await chosenProducts(client)
    const existing = Number((await client.query<{ n: string }>(`select count(*) as n from bff.users where email like '%@${DOMAIN}'`)).rows[0]!.n)
    const reused = existing > 0
    if (!reused) {
      await client.query("begin")
      try {
        for (const statement of SEED_SQL(REVIEWS_SEED, REVIEWS_SEED_SHARES)) {
          await client.query(statement, statement.includes("$1") ? [reviewed] : [])
        }
        await client.query("commit")
      } catch (error) {
        await client.query("rollback").catch(() => undefined)
        throw error
      }
      await client.query(`vacuum (analyze) ${TABLES.join(", ")}`)
    }
    const seconds = (performance.now() - started) / 1000
    const { rows } = await client.query<{ product_id: string; reviews: number; visible: number }>(
      `select product_id, count(*)::int as reviews, (count(*) filter (where withdrawn_at is null and hidden_at is null))::int as visible
         from bff.reviews where product_id = any($1) group by product_id`,
      [[...reviewed, ...unreviewed]],
    )
    const counts = new Map(rows.map((row) => [row.product_id, row]))
    for (const id of reviewed) {
      const row = counts.get(id)
      if (row?.reviews !== REVIEWS_SEED.reviewsPerProduct || row.visible !== REVIEWS_SEED.reviewsPerProduct) {
        throw new Error(`product ${id} has ${row?.visible ?? 0} visible reviews of ${row?.reviews ?? 0}, not ${REVIEWS_SEED.reviewsPerProduct}`)
      }
    }
    const stray = unreviewed.filter((id) => counts.has(id))
    if (stray.length) throw new Error(`the reference products ${stray.join(", ")} have reviews`)
    const figures = (
      await client.query<{ reviews: number; with_photo: number; with_text: number; stars: number[]; small: number; true_to_size: number; large: number }>(
        `select count(*)::int as reviews, (count(*) filter (where image_url is not null))::int as with_photo,
                (count(*) filter (where text is not null))::int as with_text,
                array[${[1, 2, 3, 4, 5].map((star) => `(count(*) filter (where rating = ${star}))::int`).join(", ")}] as stars,
                (count(*) filter (where fit = 'SMALL'))::int as small, (count(*) filter (where fit = 'TRUE'))::int as true_to_size,
                (count(*) filter (where fit = 'LARGE'))::int as large
           from bff.reviews where product_id = any($1)`,
        [reviewed],
      )
    ).rows[0]!
    return {
      seconds,
      reused,
      reviewed,
      unreviewed,
      figures: {
        reviews: figures.reviews,
        withPhoto: figures.with_photo,
        withText: figures.with_text,
        stars: figures.stars,
        fits: { SMALL: figures.small, TRUE: figures.true_to_size, LARGE: figures.large },
      },
    }
  } finally {
    await client.end()
  }
}
