import autocannon from "autocannon"
import pg from "pg"
import { setLike } from "../../bff/src/features/fitfeed/likes.js"
import { feedFor, postsByAuthor } from "../../bff/src/features/fitfeed/posts.js"
import { profileUser } from "../../bff/src/features/fitfeed/profiles.js"
import { FEED_PAGE_SIZE, PROFILE_PAGE_SIZE } from "../../bff/src/features/fitfeed/schema.js"
import type { Db } from "../../bff/src/lib/db.js"
import type { Alongside, CacheOffStack } from "./catalog.js"
import { FITFEED_SEED, READERS, seedFitfeed } from "./fitfeed-seed.js"
import { CONNECTIONS, loadOf, type Load } from "./load.js"
import { observed, type Observation } from "./observe.js"

/** The targets: reads at ≥ 0.7× the catalogue's cache-off listing with p99 < 50 ms; likes p99 < 30 ms, counts exact. */
export const READ_THROUGHPUT_TARGET = 0.7
export const READ_P99_TARGET_MS = 50
export const LIKE_P99_TARGET_MS = 30
export const FEED_PATH = `/api/fitfeed/feed?limit=${FEED_PAGE_SIZE}`
export const PROFILE_PATH = (authorId: string) => `/api/fitfeed/profile/${authorId}/posts?limit=${PROFILE_PAGE_SIZE}`
/** The like storm: every bench shopper (but the author) likes each of these posts once, all at once over 20 connections. */
const STORM_POSTS = 5
/** Profiles measured: the authors with the most posts, at most this many, each with more than a page. */
const PROFILE_AUTHORS = 50

export type FitfeedLoad = Load & Observation
export type StormPost = { id: string; before: number; after: number; rows: number; liked: number; countsInOrder: boolean }
export type LikeStorm = FitfeedLoad & { members: number; requests: number; liked: number; likesPerSecond: number; posts: StormPost[]; exact: boolean }
/** `generic`: planned once per connection; `custom`: planned again on every execution (planningMs each time). */
export type QueryPlan = {
  label: string
  sql: string
  parameters: string
  plan: string
  executionMs: number
  planningMs: number
  kind: "generic" | "custom"
  seqScans: string[]
}

export type FitfeedBench = {
  seed: {
    shoppers: number
    posts: number
    likes: number
    comments: number
    follows: number
    seconds: number
    reused: boolean
    maxLikes: number
    medianLikes: number
  }
  /** The catalogue's cache-off listing, measured right before the FITFEED figures on the same BFF. */
  reference: FitfeedLoad
  feed: FitfeedLoad
  profile: FitfeedLoad
  likes: LikeStorm
  /** One answer's bytes (uncompressed), and how many of a reader's feed page come from people they follow. */
  answers: { feedBytes: number; profileBytes: number; followedPerFeedPage: number; profileAuthorPosts: { authors: number; min: number; max: number } }
  plans: QueryPlan[]
}

const log = (line: string) => process.stdout.write(`bench: ${line}\n`)

// ---- Load --------------------------------------------------------------------------------------------

/** The same client and settings as load.ts's measureLoad, with a header per request (each reader's token). */
async function drive(label: string, origin: string, requests: autocannon.Request[], seconds: number): Promise<Load> {
  return loadOf(label, await autocannon({ url: origin, connections: CONNECTIONS, duration: seconds, requests }))
}

function printed<T extends Load>(load: T): T {
  log(`${load.label}: ${Math.round(load.requestsPerSecond)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms, ${load.errors + load.non2xx} errors`)
  return load
}

async function getJson<T>(url: string, authorization?: string): Promise<{ body: T; bytes: number }> {
  const response = await fetch(url, { headers: authorization ? { authorization } : {} })
  const text = await response.text()
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${text.slice(0, 300)}`)
  return { body: JSON.parse(text) as T, bytes: Buffer.byteLength(text) }
}

/**
 * The like storm: each (member, post) pair once, in a shuffled order over 20 connections, so every
 * post is being liked by several members at any moment. Checks each answer's count afterwards: the
 * counts one post's likes returned must be exactly before+1 … after, and after must equal its rows.
 */
async function likeStorm(stack: CacheOffStack, pairs: { postId: string; authorization: string }[], label: string) {
  let next = 0
  const returned = new Map<string, number[]>()
  let liked = 0
  const result = await autocannon({
    url: stack.origin,
    connections: CONNECTIONS,
    amount: pairs.length,
    requests: [
      {
        method: "POST",
        setupRequest: (request, context) => {
          const pair = pairs[next++ % pairs.length]!
          ;(context as { postId?: string }).postId = pair.postId
          return { ...request, path: `/api/fitfeed/posts/${pair.postId}/like`, headers: { ...request.headers, authorization: pair.authorization } }
        },
        onResponse: (status, body, context) => {
          if (status !== 200) return
          const state = JSON.parse(body) as { likeCount: number; likedByMe: boolean }
          if (!state.likedByMe) return
          liked++
          const postId = (context as { postId: string }).postId
          returned.set(postId, [...(returned.get(postId) ?? []), state.likeCount])
        },
      },
    ],
  })
  const load: Load = {
    label,
    requestsPerSecond: result.requests.total / Math.max(result.duration, 0.001),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
  return { load, sent: next, liked, returned }
}

function shuffled<T>(items: T[], seed = 2026): T[] {
  const list = [...items]
  let state = seed
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[list[i], list[j]] = [list[j]!, list[i]!]
  }
  return list
}

// ---- Query plans -----------------------------------------------------------------------------------

export type Statement = { text: string; values: unknown[] }

/** The statements a BFF query function sends, caught by a stand-in for the pool (so the plans use the BFF's own SQL). */
async function statementsOf(run: (db: Db) => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = []
  const client = {
    query: async (config: string | pg.QueryConfig, values?: unknown[]) => {
      if (typeof config === "string") statements.push({ text: config, values: values ?? [] })
      else statements.push({ text: config.text, values: config.values ?? [] })
      return { rows: [{ like_count: 1, id: "", name: "", handle: "", avatar_url: null }], rowCount: 1 }
    },
    release: () => undefined,
  }
  await run({ ...client, connect: async () => client } as unknown as Db)
  return statements
}

const dedent = (text: string) => {
  const lines = text.split("\n")
  const indent = Math.min(
    ...lines
      .slice(1)
      .filter((line) => line.trim())
      .map((line) => line.length - line.trimStart().length),
  )
  return [lines[0]!.trim(), ...lines.slice(1).map((line) => line.slice(Number.isFinite(indent) ? indent : 0))].join("\n").trim()
}

export function planOf(label: string, statement: Statement, rows: { "QUERY PLAN": string }[]): QueryPlan {
  const plan = rows.map((row) => row["QUERY PLAN"]).join("\n")
  return {
    label,
    sql: dedent(statement.text),
    parameters: statement.values.map((value, i) => `$${i + 1} = ${value === null ? "null" : String(value)}`).join(", "),
    plan,
    executionMs: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN),
    planningMs: Number(/Planning Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN),
    // A generic plan keeps the parameters as $n; a custom one shows their values.
    kind: /\$\d/.test(plan) ? "generic" : "custom",
    seqScans: [...new Set([...plan.matchAll(/Seq Scan on (\S+)/g)].map((match) => match[1]!))],
  }
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of a read as the BFF runs it: a prepared statement (the BFF names its hot
 * reads), executed five times first so the plan shown is the one PostgreSQL settles on (custom or generic).
 */
async function preparedPlan(client: pg.Client, label: string, statement: Statement): Promise<QueryPlan> {
  await client.query(`prepare bench_plan as ${statement.text}`)
  try {
    const args = statement.values.map((value) => (value === null ? "null" : client.escapeLiteral(String(value)))).join(", ")
    for (let i = 0; i < 5; i++) await client.query(`execute bench_plan(${args})`)
    const { rows } = await client.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) execute bench_plan(${args})`)
    return planOf(label, statement, rows)
  } finally {
    await client.query("deallocate bench_plan")
  }
}

/** The like statement as the BFF sends it (unnamed, in its transaction), on the seed's most-liked post, rolled back. */
async function likePlan(client: pg.Client, postId: string, userId: string): Promise<QueryPlan> {
  const statements = await statementsOf((db) => setLike(db, postId, userId, true))
  const change = statements.find((statement) => statement.values.length > 0)!
  await client.query("begin")
  try {
    for (const statement of statements.slice(0, statements.indexOf(change))) if (statement.text !== "begin") await client.query(statement.text)
    const { rows } = await client.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${change.text}`, change.values)
    return planOf("Like (`POST /api/fitfeed/posts/{id}/like`, the seed's most-liked post; rolled back)", change, rows)
  } finally {
    await client.query("rollback")
  }
}

// ---- The benchmark -----------------------------------------------------------------------------------

async function one<T>(client: pg.Client, sql: string, values: unknown[] = []): Promise<T> {
  return (await client.query(sql, values)).rows[0] as T
}

/**
 * The FITFEED benchmark, measured on the catalogue's cache-off BFF: seeded once the catalogue is in;
 * then, right after the catalogue's cache-off listing, the signed-in feed, a profile's posts and a like storm.
 */
export const benchFitfeed: Alongside<FitfeedBench> = async (stack) => {
  log("seeding FITFEED (2,000 shoppers, 10,000 posts, 200,000 likes, 50,000 comments, 20,000 follows)…")
  const seeded = await seedFitfeed(stack.databaseUrl, stack.authTokenSecret)
  log(seeded.reused ? "FITFEED seed found in the kept database" : `FITFEED seeded in ${seeded.seconds.toFixed(1)} s`)
  const members = seeded.members
  const byId = new Map(members.map((member) => [member.id, member]))
  const readers = members.slice(0, READERS)
  const db = new pg.Client({ connectionString: stack.databaseUrl })
  await db.connect()
  try {
    const counts = await one<Record<"shoppers" | "posts" | "likes" | "comments" | "follows" | "wrong" | "max_likes" | "median_likes", number>>(
      db,
      `with shoppers as (select id from bff.users where email like '%@fitfeed.bench'),
            posts as (select p.* from bff.fitfeed_posts p join shoppers s on s.id = p.user_id)
       select (select count(*) from shoppers)::int as shoppers, (select count(*) from posts)::int as posts,
              (select count(*) from bff.fitfeed_likes where post_id in (select id from posts))::int as likes,
              (select count(*) from bff.fitfeed_comments where post_id in (select id from posts))::int as comments,
              (select count(*) from bff.fitfeed_follows where follower_id in (select id from shoppers))::int as follows,
              (select count(*) from posts p where p.like_count <> (select count(*) from bff.fitfeed_likes l where l.post_id = p.id)
                  or p.comment_count <> (select count(*) from bff.fitfeed_comments c where c.post_id = p.id))::int as wrong,
              (select max(like_count) from posts)::int as max_likes,
              (select percentile_disc(0.5) within group (order by like_count) from posts)::int as median_likes`,
    )
    if (counts.wrong) throw new Error(`${counts.wrong} seeded posts' like or comment counts differ from their rows`)
    for (const key of ["shoppers", "posts", "likes", "comments", "follows"] as const) {
      if (counts[key] !== FITFEED_SEED[key]) throw new Error(`the FITFEED seed holds ${counts[key]} ${key}, not ${FITFEED_SEED[key]}`)
    }
    const authors = (
      await db.query<{ user_id: string; posts: number }>(
        `select p.user_id, count(*)::int as posts from bff.fitfeed_posts p join bff.users u on u.id = p.user_id
          where u.email like '%@fitfeed.bench' and p.hidden_at is null group by p.user_id having count(*) > ${PROFILE_PAGE_SIZE}
          order by count(*) desc, p.user_id limit ${PROFILE_AUTHORS}`,
      )
    ).rows
    if (authors.length < 10) throw new Error(`only ${authors.length} bench authors have more than a profile page of posts`)
    const followed = await one<{ mean: number }>(
      db,
      `select avg(least(${FEED_PAGE_SIZE}, (select count(*) from bff.fitfeed_posts p join bff.fitfeed_follows f on f.followee_id = p.user_id
                where f.follower_id = r.id and p.created_at > now() - interval '7 days' and p.hidden_at is null)))::float8 as mean
         from unnest($1::uuid[]) as r(id)`,
      [readers.map((reader) => reader.id)],
    )

    // The pages measured must be what a shopper gets: a full feed page, a full profile page with more after it.
    const feedAnswer = await getJson<{ posts: unknown[] }>(`${stack.origin}${FEED_PATH}`, readers[0]!.authorization)
    if (feedAnswer.body.posts.length !== FEED_PAGE_SIZE) throw new Error(`the feed answered ${feedAnswer.body.posts.length} posts, not ${FEED_PAGE_SIZE}`)
    const profileAnswer = await getJson<{ posts: unknown[]; nextCursor: string | null }>(
      `${stack.origin}${PROFILE_PATH(authors.at(-1)!.user_id)}`,
      readers[0]!.authorization,
    )
    if (profileAnswer.body.posts.length !== PROFILE_PAGE_SIZE || !profileAnswer.body.nextCursor) {
      throw new Error(`a profile answered ${profileAnswer.body.posts.length} posts (next cursor ${profileAnswer.body.nextCursor}), not a full page with more`)
    }

    const feedRequests = readers.map((reader) => ({ method: "GET" as const, path: FEED_PATH, headers: { authorization: reader.authorization } }))
    const profileRequests = readers.map((reader, i) => ({
      method: "GET" as const,
      path: PROFILE_PATH(authors[i % authors.length]!.user_id),
      headers: { authorization: reader.authorization },
    }))

    // The like storm's posts: the newest of the least-liked (so nearly every shopper can like each), and two
    // more for an unmeasured warm-up. Each shopper likes each once; the rows are removed afterwards.
    const stormIds = (
      await db.query<{ id: string }>(
        `select p.id::text from bff.fitfeed_posts p join bff.users u on u.id = p.user_id
          where u.email like '%@fitfeed.bench' and p.hidden_at is null order by p.like_count, p.created_at desc, p.id limit ${STORM_POSTS + 2}`,
      )
    ).rows.map((row) => row.id)
    const pairsFor = async (postIds: string[]) =>
      (
        await db.query<{ post_id: string; user_id: string }>(
          `select p.id::text as post_id, u.id as user_id from bff.fitfeed_posts p cross join bff.users u
            where p.id = any($1::bigint[]) and u.email like '%@fitfeed.bench' and u.id <> p.user_id
              and not exists (select 1 from bff.fitfeed_likes l where l.post_id = p.id and l.user_id = u.id)`,
          [postIds],
        )
      ).rows.map((row) => ({ postId: row.post_id, userId: row.user_id, authorization: byId.get(row.user_id)!.authorization }))
    const warmPairs = shuffled(await pairsFor(stormIds.slice(STORM_POSTS))).slice(0, 1000)
    const stormPosts = stormIds.slice(0, STORM_POSTS)
    const stormPairs = shuffled(await pairsFor(stormPosts))
    const likeCounts = async () =>
      new Map(
        (
          await db.query<{ id: string; like_count: number; rows: number }>(
            `select p.id::text, p.like_count, (select count(*) from bff.fitfeed_likes l where l.post_id = p.id)::int as rows
               from bff.fitfeed_posts p where p.id = any($1::bigint[])`,
            [stormPosts],
          )
        ).rows.map((row) => [row.id, row]),
      )
    const stormStarted = (await one<{ now: Date }>(db, "select now()")).now

    return async (reference) => {
      try {
        return await measureAll(reference)
      } finally {
        await db.end()
      }
    }

    async function measureAll(reference: () => Promise<Load>): Promise<FitfeedBench> {
      const referenceLoad = await observed(stack, reference)
      log(`measuring FITFEED with autocannon, ${stack.seconds} s a read target…`)
      await drive("warm-up", stack.origin, feedRequests, 3)
      const feed = printed(
        await observed(stack, () =>
          drive(`FITFEED feed \`${FEED_PATH}\`, signed in (${READERS} readers in rotation)`, stack.origin, feedRequests, stack.seconds),
        ),
      )
      await drive("warm-up", stack.origin, profileRequests, 3)
      const profile = printed(
        await observed(stack, () =>
          drive(
            `FITFEED profile posts \`/api/fitfeed/profile/{id}/posts?limit=${PROFILE_PAGE_SIZE}\`, signed in (${authors.length} authors in rotation)`,
            stack.origin,
            profileRequests,
            stack.seconds,
          ),
        ),
      )

      await likeStorm(stack, warmPairs, "warm-up")
      const before = await likeCounts()
      let stormRun: Awaited<ReturnType<typeof likeStorm>> | undefined
      const storm = await observed(stack, async () => {
        const run = await likeStorm(stack, stormPairs, `FITFEED like storm: ${new Set(stormPairs.map((p) => p.userId)).size} members × ${STORM_POSTS} posts`)
        stormRun = run
        return run.load
      })
      const after = await likeCounts()
      const run = stormRun!
      const posts: StormPost[] = stormPosts.map((id) => {
        const start = before.get(id)!.like_count
        const end = after.get(id)!
        const counts = (run.returned.get(id) ?? []).sort((a, b) => a - b)
        return {
          id,
          before: start,
          after: end.like_count,
          rows: end.rows,
          liked: counts.length,
          countsInOrder: counts.every((count, i) => count === start + i + 1),
        }
      })
      const exact =
        run.sent === stormPairs.length &&
        run.liked === stormPairs.length &&
        posts.every((post) => post.after === post.rows && post.after - post.before === post.liked && post.countsInOrder)
      const likes: LikeStorm = printed({
        ...storm,
        members: new Set(stormPairs.map((pair) => pair.userId)).size,
        requests: run.sent,
        liked: run.liked,
        likesPerSecond: storm.requestsPerSecond,
        posts,
        exact,
      })
      log(`like storm: ${run.liked} of ${stormPairs.length} likes counted, final counts ${exact ? "exact" : "NOT exact"}`)

      // The seed's likes are left as they were (a kept database's next run sees the same data).
      await db.query(`delete from bff.fitfeed_likes where post_id = any($1::bigint[]) and created_at >= $2`, [stormIds, stormStarted])
      await db.query(
        `update bff.fitfeed_posts p set like_count = (select count(*) from bff.fitfeed_likes l where l.post_id = p.id) where p.id = any($1::bigint[])`,
        [stormIds],
      )

      log("explaining the FITFEED queries…")
      const hottest = await one<{ id: string; user_id: string }>(
        db,
        `select p.id::text, u.id as user_id from bff.fitfeed_posts p cross join lateral (
           select u.id from bff.users u where u.email like '%@fitfeed.bench' and u.id <> p.user_id
              and not exists (select 1 from bff.fitfeed_likes l where l.post_id = p.id and l.user_id = u.id) limit 1) u
          order by p.like_count desc limit 1`,
      )
      const [feedStatement] = await statementsOf((stand) => feedFor(stand, readers[0]!.id, FEED_PAGE_SIZE))
      const [profileUserStatement] = await statementsOf((stand) => profileUser(stand, authors[0]!.user_id))
      const visitor = readers.find((reader) => reader.id !== authors[0]!.user_id)!
      const [profileStatement] = await statementsOf((stand) => postsByAuthor(stand, visitor.id, authors[0]!.user_id, PROFILE_PAGE_SIZE))
      const plans = [
        await preparedPlan(db, `Feed (\`${FEED_PATH}\`, a reader following ${(await followCount(db, readers[0]!.id)).toString()} people)`, feedStatement!),
        await preparedPlan(
          db,
          `Profile posts (\`/api/fitfeed/profile/{id}/posts?limit=${PROFILE_PAGE_SIZE}\`, the most prolific author, read by someone else)`,
          profileStatement!,
        ),
        planOf(
          "Profile lookup (each profile request's first query)",
          profileUserStatement!,
          (await db.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${profileUserStatement!.text}`, profileUserStatement!.values)).rows,
        ),
        await likePlan(db, hottest.id, hottest.user_id),
      ]
      return {
        seed: { ...counts, seconds: seeded.seconds, reused: seeded.reused, maxLikes: counts.max_likes, medianLikes: counts.median_likes },
        reference: referenceLoad,
        feed,
        profile,
        likes,
        answers: {
          feedBytes: feedAnswer.bytes,
          profileBytes: profileAnswer.bytes,
          followedPerFeedPage: followed.mean,
          profileAuthorPosts: { authors: authors.length, min: authors.at(-1)!.posts, max: authors[0]!.posts },
        },
        plans,
      }
    }
  } catch (error) {
    await db.end()
    throw error
  }
}

async function followCount(db: pg.Client, userId: string): Promise<number> {
  return (await one<{ n: number }>(db, "select count(*)::int as n from bff.fitfeed_follows where follower_id = $1", [userId])).n
}
