import pg from "pg"
import { signAccessToken } from "../../bff/src/lib/tokens.js"

/** The FITFEED bench data: 10,000 posts by 2,000 shoppers, 200,000 likes, 50,000 comments, 20,000 follows. */
export const FITFEED_SEED = { shoppers: 2000, posts: 10_000, likes: 200_000, comments: 50_000, follows: 20_000 }
/** Shoppers 1…READERS are the feed's readers: each draws READER_FOLLOWS people to follow, prolific authors likelier. */
export const READERS = 200
const READER_FOLLOWS = 30

/** Bench shoppers are told apart from the demo's (and a kept database's re-runs) by this e-mail domain. */
const DOMAIN = "fitfeed.bench"

export type Member = { id: string; handle: string; authorization: string }
export type FitfeedSeed = { seconds: number; reused: boolean; members: Member[] }

/**
 * The seed, in one transaction of set-based statements (a few seconds), deterministic (setseed).
 * Authors are skewed (a few post dozens of fits, most a handful), likes and comments follow a Pareto
 * weight per post (a few posts are liked by most shoppers, the median one by about a dozen), and
 * popular authors gather most follows. Each post's like and comment counts are set from the rows.
 */
const SEED_SQL = (s: typeof FITFEED_SEED) => [
  "select setseed(0.2026)",
  `insert into bff.users (email, name, handle, email_verified_at, created_at)
   select 'bench-shopper-' || n || '@${DOMAIN}', 'Bench Shopper ' || n, 'bench.' || n, now(), now() - interval '90 days'
     from generate_series(1, ${s.shoppers}) n`,
  `create temporary table bench_shoppers on commit drop as
   select id, substring(handle from 7)::int as n from bff.users where email like '%@${DOMAIN}'`,
  "create unique index on bench_shoppers (n)",
  `insert into bff.session_families (user_id, user_agent) select id, 'fitfeed bench' from bench_shoppers order by n`,
  // Author k of the shoppers gets a share falling with k (the first few post dozens of fits); an author's
  // r-th post takes a product r steps along from their own starting point, so no author posts one twice.
  `with products as (select array_agg(c.id order by c.id) as ids from bff.catalog_products c),
   picks as (select g, 1 + floor(${s.shoppers} * power(random(), 1.5))::int as author, random() as age from generate_series(1, ${s.posts}) g),
   ranked as (select g, author, age, row_number() over (partition by author order by g) as r from picks),
   chosen as (select ranked.*, products.ids[1 + ((author * 7919 + r) % cardinality(products.ids))] as product_id from ranked, products)
   insert into bff.fitfeed_posts (user_id, product_id, order_id, size_bought, text, image_url, thumb_url, created_at)
   select s.id, c.product_id, 'order_bench_' || c.g, (array['S', 'M', 'L', 'XL'])[1 + c.g % 4],
          case when c.g % 3 = 0 then null else 'Fit check #' || c.g || ': true to size, would buy again.' end,
          coalesce(d.listing ->> 'imageUrl', '/media/bench-fit.webp'), coalesce(d.listing ->> 'imageUrl', '/media/bench-fit.webp'),
          now() - c.age * interval '60 days'
     from chosen c join bench_shoppers s on s.n = c.author left join bff.catalog_documents d on d.id = c.product_id`,
  `create temporary table bench_weights on commit drop as
   select p.id, p.user_id, p.created_at, power(random(), -0.6) as w, floor(random() * ${s.shoppers})::int as start
     from bff.fitfeed_posts p join bench_shoppers s on s.id = p.user_id`,
  // Each post's likers are consecutive shoppers from a random start (so never one twice), never its author;
  // 15% more than needed are drawn and a random ${s.likes} kept, so the total is exact.
  `insert into bff.fitfeed_likes (post_id, user_id, created_at)
   select post_id, user_id, created_at from (
     select w.id as post_id, s.id as user_id, w.created_at + random() * (now() - w.created_at) as created_at
       from bench_weights w
       cross join lateral generate_series(0, least(${s.shoppers - 100}, round(${s.likes * 1.15} * w.w / (select sum(w) from bench_weights))::int) - 1) k
       join bench_shoppers s on s.n = 1 + (w.start + k) % ${s.shoppers}
      where s.id <> w.user_id
      order by random() limit ${s.likes}) liked`,
  // Commenters are drawn at random (materialized first: a volatile draw inside a join condition would be redrawn per row).
  `with drawn as materialized (
     select w.id as post_id, 1 + floor(random() * ${s.shoppers})::int as commenter, k,
            w.created_at + random() * (now() - w.created_at) as created_at
       from bench_weights w
       cross join lateral generate_series(1, round(${s.comments * 1.15} * w.w / (select sum(w) from bench_weights))::int) k)
   insert into bff.fitfeed_comments (post_id, user_id, text, created_at)
   select d.post_id, s.id, 'Looks great! Which size did you take? (' || d.k || ')', d.created_at
     from drawn d join bench_shoppers s on s.n = d.commenter
    order by random() limit ${s.comments}`,
  // The readers draw READER_FOLLOWS people each to follow (prolific authors likelier), so their feed's followed tier fills;
  // everyone else follows at random, popular authors likelier. Readers' follows are kept first.
  `with candidates as materialized (
     select r as follower, 1 + floor(${s.shoppers} * power(random(), 1.5))::int as followee, 0 as priority
       from generate_series(1, ${READERS}) r, generate_series(1, ${READER_FOLLOWS})
     union all
     select 1 + floor(${s.shoppers} * random())::int, 1 + floor(${s.shoppers} * power(random(), 1.5))::int, 1
       from generate_series(1, ${Math.round(s.follows * 1.5)})),
   distinct_pairs as (
     select distinct on (follower, followee) follower, followee, priority from candidates
      where follower <> followee order by follower, followee, priority)
   insert into bff.fitfeed_follows (follower_id, followee_id, created_at)
   select f.id, e.id, now() - random() * interval '60 days'
     from distinct_pairs d join bench_shoppers f on f.n = d.follower join bench_shoppers e on e.n = d.followee
    order by d.priority, random() limit ${s.follows}`,
  `update bff.fitfeed_posts p set like_count = l.n from (select post_id, count(*)::int as n from bff.fitfeed_likes group by post_id) l where l.post_id = p.id`,
  `update bff.fitfeed_posts p set comment_count = c.n from (select post_id, count(*)::int as n from bff.fitfeed_comments group by post_id) c where c.post_id = p.id`,
]

const TABLES = ["bff.users", "bff.session_families", "bff.fitfeed_posts", "bff.fitfeed_likes", "bff.fitfeed_comments", "bff.fitfeed_follows"]

/**
 * Seeds the FITFEED bench data straight into the bench database (skipped when a kept database already
 * holds it) and signs an access token for every bench shopper (each has a session family, which the BFF
 * checks on every signed-in request). Members come back in shopper order: the first READERS are the readers.
 */
export async function seedFitfeed(databaseUrl: string, tokenSecret: string): Promise<FitfeedSeed> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const started = performance.now()
    const existing = Number((await client.query<{ n: string }>(`select count(*) as n from bff.users where email like '%@${DOMAIN}'`)).rows[0]!.n)
    const reused = existing > 0
    if (!reused) {
      const products = Number((await client.query<{ n: string }>("select count(*) as n from bff.catalog_products")).rows[0]!.n)
      if (products < 200) throw new Error(`the FITFEED seed needs at least 200 products in the read model, found ${products}`)
      await client.query("begin")
      try {
        for (const statement of SEED_SQL(FITFEED_SEED)) await client.query(statement)
        await client.query("commit")
      } catch (error) {
        await client.query("rollback").catch(() => undefined)
        throw error
      }
      // Statistics (and the visibility map, for index-only scans) as autovacuum would leave them.
      await client.query(`vacuum (analyze) ${TABLES.join(", ")}`)
    }
    const { rows } = await client.query<{ id: string; handle: string; family: string }>(
      `select u.id, u.handle, f.id as family from bff.users u
         join lateral (select id from bff.session_families where user_id = u.id and revoked_at is null order by created_at, id limit 1) f on true
        where u.email like '%@${DOMAIN}' order by substring(u.handle from 7)::int`,
    )
    if (rows.length !== FITFEED_SEED.shoppers) throw new Error(`expected ${FITFEED_SEED.shoppers} bench shoppers with a session, found ${rows.length}`)
    const members = rows.map((row) => ({
      id: row.id,
      handle: row.handle,
      authorization: `Bearer ${signAccessToken({ sub: row.id, sid: row.family, role: "customer" }, tokenSecret, 4 * 3600)}`,
    }))
    return { seconds: (performance.now() - started) / 1000, reused, members }
  } finally {
    await client.end()
  }
}
