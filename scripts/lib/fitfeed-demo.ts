import { avatarPicture, garmentOf, outfitPicture, type Wearer } from "./outfit-pictures.js"

/**
 * The FITFEED "living demo": a dozen shoppers who sign up, buy (cash on delivery, delivered by the Shiprocket
 * emulator's courier), post their fits, review what they bought, like, comment and follow, all through the BFF's public API exactly as a shopper's browser would. So every
 * order is a real one (in Medusa and in bff.orders) and every post and review passes the rules real ones pass.
 *
 * Idempotent: `seedFitfeedDemo` first asks whether the demo is all there (a dozen profile reads) and
 * then does nothing; after an interrupted run it finishes what is missing, each step checking first.
 * Development only: it reads the e-mail codes from the BFF's dev outbox.
 */

export type DemoLog = (line: string) => void

/** One password for every demo shopper, for local development only (as the seed's other demo accounts). */
export const DEMO_SHOPPER_PASSWORD = "fitfeed-demo-2026"
const DOMAIN = "buildyourfit.test"
/** Each shopper buys one upper and one lower: 12 shoppers × 2 = 24 posts. */
const SLOTS = ["UPPERS", "LOWERS"] as const
type Slot = (typeof SLOTS)[number]

type Address = { city: string; state: string; postalCode: string; line1: string; phone: string }

export type DemoShopper = {
  name: string
  handle: string
  wearer: Wearer
  /** Sizes this shopper wears, best first. */
  sizes: string[]
  address: Address
}

export const DEMO_SHOPPERS: DemoShopper[] = [
  {
    name: "Kabir Malhotra",
    handle: "kabir.fits",
    wearer: "MEN",
    sizes: ["L", "M", "XL"],
    address: { city: "Mumbai", state: "Maharashtra", postalCode: "400050", line1: "22 Pali Hill Road, Bandra West", phone: "9820011122" },
  },
  {
    name: "Ananya Iyer",
    handle: "ananya.drips",
    wearer: "WOMEN",
    sizes: ["S", "M", "XS"],
    address: { city: "Bengaluru", state: "Karnataka", postalCode: "560038", line1: "7 12th Main, Indiranagar", phone: "9845022233" },
  },
  {
    name: "Arjun Nair",
    handle: "arjun.streets",
    wearer: "MEN",
    sizes: ["M", "L", "S"],
    address: { city: "Kochi", state: "Kerala", postalCode: "682016", line1: "41 MG Road, Ernakulam", phone: "9847033344" },
  },
  {
    name: "Ishita Banerjee",
    handle: "ishita.layers",
    wearer: "WOMEN",
    sizes: ["M", "S", "L"],
    address: { city: "Kolkata", state: "West Bengal", postalCode: "700019", line1: "9 Hindustan Park, Gariahat", phone: "9830044455" },
  },
  {
    name: "Vihaan Shetty",
    handle: "vihaan.kicks",
    wearer: "MEN",
    sizes: ["XL", "L", "XXL"],
    address: { city: "Mangaluru", state: "Karnataka", postalCode: "575003", line1: "18 Balmatta Road", phone: "9886055566" },
  },
  {
    name: "Zoya Qureshi",
    handle: "zoya.threads",
    wearer: "WOMEN",
    sizes: ["S", "XS", "M"],
    address: { city: "Hyderabad", state: "Telangana", postalCode: "500034", line1: "3 Road No. 10, Banjara Hills", phone: "9849066677" },
  },
  {
    name: "Rohan Deshmukh",
    handle: "rohan.rawdenim",
    wearer: "MEN",
    sizes: ["L", "XL", "M"],
    address: { city: "Pune", state: "Maharashtra", postalCode: "411001", line1: "56 East Street, Camp", phone: "9822077788" },
  },
  {
    name: "Meher Gill",
    handle: "meher.mood",
    wearer: "WOMEN",
    sizes: ["M", "L", "S"],
    address: { city: "Chandigarh", state: "Chandigarh", postalCode: "160017", line1: "House 112, Sector 17", phone: "9814088899" },
  },
  {
    name: "Aditya Menon",
    handle: "adi.oversized",
    wearer: "MEN",
    sizes: ["M", "L", "S"],
    address: { city: "Chennai", state: "Tamil Nadu", postalCode: "600017", line1: "24 Usman Road, T. Nagar", phone: "9840099900" },
  },
  {
    name: "Tanvi Kulkarni",
    handle: "tanvi.ootd",
    wearer: "WOMEN",
    sizes: ["S", "M", "XS"],
    address: { city: "Ahmedabad", state: "Gujarat", postalCode: "380009", line1: "5 CG Road, Navrangpura", phone: "9825010011" },
  },
  {
    name: "Siddharth Rao",
    handle: "sid.cargo",
    wearer: "MEN",
    sizes: ["XL", "L", "M"],
    address: { city: "New Delhi", state: "Delhi", postalCode: "110024", line1: "B-14 Lajpat Nagar II", phone: "9811021122" },
  },
  {
    name: "Riya Kapoor",
    handle: "riya.revives",
    wearer: "WOMEN",
    sizes: ["M", "S", "L"],
    address: { city: "Jaipur", state: "Rajasthan", postalCode: "302001", line1: "31 MI Road", phone: "9829032233" },
  },
]

export function demoEmail(shopper: DemoShopper): string {
  return `${shopper.name.toLowerCase().replace(/[^a-z]+/g, ".")}@${DOMAIN}`
}

/** Captions, by what the post is about; `{title}` and `{size}` are the product and the size bought. */
const CAPTIONS: Record<Slot, string[]> = {
  UPPERS: [
    "Sunday café run in the {title}. Size {size} sits just right on the shoulders.",
    "Finally got the {title} and honestly it goes with everything I own.",
    "{title} + my beat-up sneakers = the whole personality 😮‍💨",
    "College fest fit, sorted. Took {size} for that slightly roomy drop.",
    "Monsoon's done, layers are back. {title} on repeat this week.",
    "Wore the {title} to the gig last night, three people asked where it's from.",
    "Fabric feels premium yaar, washed it twice already and no shrinkage. {size} fits true.",
    "Office on Friday, chai tapri after. The {title} handles both.",
    "Colour is even better in daylight than on the site 🔥",
    "Simple fit, clean lines. {title} in {size}, no complaints.",
    "Bought it for the trip to Manali, ended up wearing it all over town first.",
    "Mom said it looks 'very filmy'. Taking that as a win. 😎",
  ],
  LOWERS: [
    "The {title} finally fixed my bottoms problem. {size} with a little break at the ankle.",
    "Comfy enough for a 3-hour metro commute, sharp enough for dinner after.",
    "Pockets that actually hold a phone. {title} for the win.",
    "Paired the {title} with a plain white tee and called it a day.",
    "Took {size} and the waist is spot on, no belt needed.",
    "Street shoot at Kala Ghoda in these 📸",
    "Loose, flowy and it doesn't crush in the auto. {title} is a keeper.",
    "Weekend thrift-market walk in the {title}. Legs didn't complain once.",
    "Length is perfect for cuffing. {size} if you're between sizes like me.",
    "Rotation staple now. Wore the {title} three days straight, no regrets.",
    "Dressed these up with loafers for a cousin's engagement, worked surprisingly well.",
    "Fit check before the concert: {title}, oversized top, done ✅",
  ],
}

/** Reviews, with the stars and fit each gives; `{size}` is the size kept. */
const REVIEWS: { rating: number; fit: "SMALL" | "TRUE" | "LARGE"; text: string }[] = [
  { rating: 5, fit: "TRUE", text: "Exactly as pictured. {size} fits true, fabric is thick without being heavy." },
  { rating: 4, fit: "SMALL", text: "Love the colour. Runs a little snug at {size}, I'd go one up next time." },
  { rating: 5, fit: "TRUE", text: "Washed it three times, no fading, no shrinking. Worth it." },
  { rating: 4, fit: "LARGE", text: "Roomier than I expected in {size}, which works for the oversized look." },
  { rating: 3, fit: "TRUE", text: "Good fit, but the stitching on one seam could be neater." },
  { rating: 5, fit: "TRUE", text: "Comfortable all day. Delivery was quick too." },
]

const COMMENTS = [
  "This fit is 🔥🔥",
  "Colour looks so good on you!",
  "Okay where are the shoes from??",
  "Need this in my wardrobe asap",
  "Clean. Very clean.",
  "Bro is serving looks at the tapri 😂",
  "How's the fabric after a wash?",
  "Ordered the same one after seeing this",
  "The proportions here are perfect",
  "Styling goals honestly",
  "Is it true to size? Thinking of getting {size}.",
  "Main character energy ✨",
  "Saving this for my next trip",
  "Love the layering here",
  "That backdrop and the colour 👌",
  "Ufff, too good yaar",
  "Drop the full fit details pls",
  "This would go so well with white sneakers",
  "Low-key the best post on the feed today",
  "Fit is fit-ing 😤",
  "Rocking it 🙌",
  "The drape on this is unreal",
]

/** The start of the BFF's 503 when Medusa could not make the checkout's cart (bff/src/features/checkout/prepare.ts). */
const COMMERCE_BUSY = "We couldn't reach the shop's order system"

type ApiAnswer = { status: number; body: unknown }

type Product = {
  id: string
  title: string
  gender: Wearer
  categoryType: Slot | null
  subcategory: string | null
  colorHex: string | null
  variants: { size: string; stockOnHand: number; inStock: boolean }[]
}

type Order = { status: string; items: { productId: string; size: string | null }[] }
type Post = { id: string; productId: string; likeCount: number; commentCount: number; user: { id: string; handle: string } }
type Comment = { text: string; user: { id: string } }
type UserAnswer = { accessToken: string; user: { id: string; avatarUrl: string | null } }

type Session = { shopper: DemoShopper; index: number; token: string; userId: string; avatarUrl: string | null }

export type DemoSummary = { alreadyThere: boolean; shoppers: number; orders: number; posts: number; likes: number; comments: number; follows: number }

class DemoError extends Error {}

function api(baseUrl: string) {
  async function call(method: string, path: string, options: { token?: string; json?: unknown; form?: FormData } = {}): Promise<ApiAnswer> {
    const headers: Record<string, string> = { accept: "application/json" }
    if (options.token) headers.authorization = `Bearer ${options.token}`
    let body: string | FormData | undefined
    if (options.json !== undefined) {
      headers["content-type"] = "application/json"
      body = JSON.stringify(options.json)
    } else if (options.form) {
      body = options.form
    }
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body, signal: AbortSignal.timeout(90_000) })
    const text = await response.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {
      // not JSON: kept as text for the error message
    }
    return { status: response.status, body: parsed }
  }

  /** The call, which must answer one of `ok` statuses; anything else is the BFF's message as an error. */
  async function expect<T>(method: string, path: string, ok: number[], options: Parameters<typeof call>[2] = {}): Promise<T> {
    const answer = await call(method, path, options)
    if (!ok.includes(answer.status)) {
      const message = (answer.body as { message?: unknown } | null)?.message
      throw new DemoError(`${method} ${path.split("?")[0]} answered ${answer.status}${typeof message === "string" ? `: ${message}` : ""}`)
    }
    return answer.body as T
  }

  return { call, expect }
}

type Api = ReturnType<typeof api>

/** A file part for a multipart upload (copied into a plain ArrayBuffer, as Blob wants). */
function imageBlob(bytes: Buffer, type: string): Blob {
  return new Blob([new Uint8Array(bytes)], { type })
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? "")
}

/** Whether every demo shopper has a profile with both posts and follows someone: the last step of the seed. */
export async function fitfeedDemoPresent(baseUrl: string): Promise<boolean> {
  const { call } = api(baseUrl)
  const answers = await Promise.all(DEMO_SHOPPERS.map((shopper) => call("GET", `/api/fitfeed/profile/@${shopper.handle}`)))
  return answers.every((answer) => {
    const counts = (answer.body as { counts?: { posts?: number; following?: number } } | null)?.counts
    return answer.status === 200 && (counts?.posts ?? 0) >= SLOTS.length && (counts?.following ?? 0) >= 1
  })
}

/** Runs `work` over `items`, `width` at a time, in order of start. */
export async function inBatches<T, R>(items: T[], width: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await work(items[index]!, index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker))
  return results
}

/**
 * Seeds the FITFEED demo through the BFF at `baseUrl` (which must be healthy, in development: the codes
 * come from the dev outbox). Answers what is there afterwards; `alreadyThere` when nothing was needed.
 */
export async function seedFitfeedDemo({ baseUrl, log }: { baseUrl: string; log: DemoLog }): Promise<DemoSummary> {
  if (await fitfeedDemoPresent(baseUrl)) return { alreadyThere: true, shoppers: DEMO_SHOPPERS.length, orders: 0, posts: 0, likes: 0, comments: 0, follows: 0 }
  log("seeding the FITFEED demo…")
  const client = api(baseUrl)
  const { call, expect } = client

  const products = new Map<string, Product>()
  async function product(id: string): Promise<Product> {
    let found = products.get(id)
    if (!found) {
      found = (await expect<{ product: Product }>("GET", `/api/products/${id}`, [200])).product
      products.set(id, found)
    }
    return found
  }

  // 1. Shoppers: signed in (signing up when new), with an avatar.
  const sessions = await inBatches(DEMO_SHOPPERS, 4, (shopper, index) => signIn(client, shopper, index))
  for (const session of sessions) {
    if (session.avatarUrl) continue
    const form = new FormData()
    form.append("avatar", imageBlob(await avatarPicture(session.shopper.name), "image/png"), `${session.shopper.handle}.png`)
    await expect("POST", "/api/fitfeed/profile/avatar", [201], { token: session.token, form })
  }

  // 2. Orders: one upper and one lower each, cash on delivery; what a shopper already bought counts.
  const candidates = await candidateProducts(client)
  const taken = new Set<string>()
  const bought = new Map<number, { product: Product; size: string | null }[]>()
  for (const session of sessions) {
    const { orders } = await expect<{ orders: Order[] }>("GET", "/api/orders/mine", [200], { token: session.token })
    const lines: { product: Product; size: string | null }[] = []
    for (const order of orders.filter((o) => o.status !== "CANCELLED")) {
      for (const item of order.items) {
        if (lines.some((line) => line.product.id === item.productId)) continue
        const found = await product(item.productId).catch(() => undefined)
        if (found) lines.push({ product: found, size: item.size })
      }
    }
    lines.forEach((line) => taken.add(line.product.id))
    bought.set(session.index, lines)
  }
  // Choices first (no two shoppers pick the same product while there are others), then the checkouts.
  const toOrder: { session: Session; product: Product; size: string }[] = []
  for (const session of sessions) {
    const lines = bought.get(session.index)!
    for (const slot of SLOTS) {
      if (lines.some((line) => line.product.categoryType === slot)) continue
      const choice = await choose(candidates.get(`${session.shopper.wearer}:${slot}`) ?? [], session, taken, product)
      if (!choice)
        throw new DemoError(`no ${session.shopper.wearer.toLowerCase()}'s ${slot.toLowerCase()} with stock in several sizes for @${session.shopper.handle}`)
      taken.add(choice.product.id)
      toOrder.push({ session, ...choice })
    }
  }
  // One at a time: Medusa works a checkout for seconds on a small machine, and the BFF gives it ten.
  for (const order of toOrder) {
    await placeOrder(client, order.session, order.product.id, order.size)
    bought.get(order.session.index)!.push({ product: order.product, size: order.size })
  }
  const ordersPlaced = toOrder.length

  // The courier brings them (only a paid or delivered purchase lets a shopper post); also those of an interrupted run.
  for (const session of sessions) await receiveOrders(client, session)

  // 3. Posts: a generated outfit picture of each bought product, uploaded, then posted.
  const postsOf = new Map<number, Post[]>()
  await inBatches(sessions, 4, async (session) => {
    const mine = (await expect<{ posts: Post[] }>("GET", "/api/fitfeed/posts/mine", [200], { token: session.token })).posts
    for (const [at, line] of bought.get(session.index)!.entries()) {
      if (mine.some((post) => post.productId === line.product.id)) continue
      const picture = await outfitPicture({
        colorHex: line.product.colorHex ?? "#3a3a3a",
        garment: garmentOf(line.product),
        wearer: session.shopper.wearer,
        seed: `${session.shopper.handle}:${line.product.id}`,
      })
      const form = new FormData()
      form.append("image", imageBlob(picture, "image/jpeg"), "fit.jpg")
      const { url } = await expect<{ url: string }>("POST", "/api/uploads/image", [201], { token: session.token, form })
      const slot = line.product.categoryType === "LOWERS" ? "LOWERS" : "UPPERS"
      const captions = CAPTIONS[slot]
      const text = fill(captions[(session.index + at * 5) % captions.length]!, { title: line.product.title, size: line.size ?? "M" })
      const answer = await call("POST", "/api/fitfeed/posts", {
        token: session.token,
        json: { kind: "REGULAR", productId: line.product.id, text, imageUrl: url },
      })
      if (answer.status === 201) mine.push((answer.body as { post: Post }).post)
      else if (answer.status !== 409)
        throw new DemoError(`POST /api/fitfeed/posts answered ${answer.status}: ${(answer.body as { message?: string } | null)?.message ?? ""}`)
    }
    postsOf.set(session.index, mine)
  })
  // 4. Reviews: each shopper reviews what they bought and kept, linking their post of it (a second run changes nothing).
  await inBatches(sessions, 4, async (session) => {
    for (const [at, line] of bought.get(session.index)!.entries()) {
      const mine = await expect<{ review: unknown }>("GET", `/api/products/${line.product.id}/reviews/mine`, [200], { token: session.token })
      if (mine.review) continue
      const { rating, fit, text } = REVIEWS[(session.index + at * 2) % REVIEWS.length]!
      const postId = postsOf.get(session.index)?.find((post) => post.productId === line.product.id)?.id ?? null
      await expect("POST", `/api/products/${line.product.id}/reviews`, [201], {
        token: session.token,
        json: { rating, fit, text: fill(text, { title: line.product.title, size: line.size ?? "M" }), postId },
      })
    }
  })

  // In a stable order (shopper, then upper before lower), so a second run likes and comments on the same posts.
  const slotOf = (post: Post) => SLOTS.indexOf(products.get(post.productId)?.categoryType ?? "UPPERS")
  const allPosts = sessions.flatMap((session) =>
    [...(postsOf.get(session.index) ?? [])].sort((a, b) => slotOf(a) - slotOf(b) || a.productId.localeCompare(b.productId)),
  )

  // 5. Likes: each shopper likes a handful of other people's posts (liking twice changes nothing).
  await inBatches(sessions, 4, async (session) => {
    for (const post of othersPosts(allPosts, session, 4 + (session.index % 4))) {
      await expect("POST", `/api/fitfeed/posts/${post.id}/like`, [200], { token: session.token })
    }
  })

  // 6. Comments: a few on most posts, never the same one twice from the same shopper.
  await inBatches(sessions, 4, async (session) => {
    for (const [at, post] of othersPosts(allPosts, session, 3).entries()) {
      const owner = sessions.find((other) => other.userId === post.user.id)
      const size = owner ? (bought.get(owner.index)?.find((line) => line.product.id === post.productId)?.size ?? "M") : "M"
      const text = fill(COMMENTS[(session.index * 3 + at * 7) % COMMENTS.length]!, { size })
      const { comments: existing } = await expect<{ comments: Comment[] }>("GET", `/api/fitfeed/posts/${post.id}/comments`, [200], { token: session.token })
      if (existing.some((comment) => comment.user.id === session.userId && comment.text === text)) continue
      await expect("POST", `/api/fitfeed/posts/${post.id}/comments`, [201], { token: session.token, json: { text } })
    }
  })

  // 7. Follows, last (the presence check looks for them): each shopper follows two or three others.
  for (const session of sessions) {
    const steps = session.index % 3 === 0 ? [1, 4, 7] : [1, 5]
    for (const step of steps) {
      const target = sessions[(session.index + step) % sessions.length]!
      await expect("POST", `/api/fitfeed/follow/${target.userId}`, [200], { token: session.token })
    }
  }

  // What is there now, as anyone reading the profiles sees it.
  const totals = { posts: 0, likes: 0, comments: 0, follows: 0 }
  for (const session of sessions) {
    const profile = await expect<{ counts: { following: number } }>("GET", `/api/fitfeed/profile/${session.userId}`, [200])
    const { posts } = await expect<{ posts: Post[] }>("GET", `/api/fitfeed/profile/${session.userId}/posts?limit=50`, [200])
    totals.follows += profile.counts.following
    totals.posts += posts.length
    for (const post of posts) {
      totals.likes += post.likeCount
      totals.comments += post.commentCount
    }
  }
  return { alreadyThere: false, shoppers: sessions.length, orders: ordersPlaced, ...totals }
}

/** Posts by others, a different spread per shopper, so some posts gather more than others. */
function othersPosts(posts: Post[], session: Session, count: number): Post[] {
  const others = posts.filter((post) => post.user.id !== session.userId)
  const picked: Post[] = []
  for (let i = 0; picked.length < Math.min(count, others.length); i++) {
    const post = others[(session.index * 5 + i * (3 + (session.index % 2) * 4)) % others.length]!
    if (!picked.includes(post)) picked.push(post)
    if (i > others.length * 4) break
  }
  return picked
}

/** The newest code in the dev outbox other than `stale`, waiting a few seconds for the BFF's mail queue to send it. */
async function latestCode({ expect }: Api, email: string, stale?: string): Promise<string | undefined> {
  for (let tries = 0; tries < 50; tries++) {
    if (tries) await new Promise((resolve) => setTimeout(resolve, 100))
    const { messages } = await expect<{ messages: { subject: string; text: string }[] }>("GET", `/api/dev/outbox?to=${encodeURIComponent(email)}`, [200]).catch(
      (error: unknown) => {
        throw new DemoError(`the dev outbox is not there (${(error as Error).message}); the demo needs a development BFF without SMTP`)
      },
    )
    const code = verificationCodeIn(messages)
    if (code && code !== stale) return code
  }
  return undefined
}

/** The newest e-mail code among a dev outbox's messages (newest first), as a shopper reads it from the subject. */
export function verificationCodeIn(messages: { subject: string }[]): string | undefined {
  for (const message of messages) {
    const code = /\b(\d{6}) is your verification code/.exec(message.subject)?.[1]
    if (code) return code
  }
  return undefined
}

/** Signs the shopper in: logs in when the account exists, signs up and verifies through the dev outbox when not. */
async function signIn(client: Api, shopper: DemoShopper, index: number): Promise<Session> {
  const { call, expect } = client
  const email = demoEmail(shopper)
  const session = (answer: UserAnswer): Session => ({ shopper, index, token: answer.accessToken, userId: answer.user.id, avatarUrl: answer.user.avatarUrl })
  const verify = async () => {
    let code = await latestCode(client, email)
    let answer = code ? await call("POST", "/api/auth/verify-email", { json: { email, code } }) : undefined
    if (answer?.status !== 200) {
      // The code on file expired (an interrupted first run): ask for a new one, as the page would.
      await expect("POST", "/api/auth/resend-verification", [200], { json: { email } })
      code = await latestCode(client, email, code)
      if (!code) throw new DemoError(`no verification code for ${email} in the dev outbox`)
      answer = await call("POST", "/api/auth/verify-email", { json: { email, code } })
    }
    if (answer.status !== 200) throw new DemoError(`verifying ${email} answered ${answer.status}`)
    return session(answer.body as UserAnswer)
  }

  const login = await call("POST", "/api/auth/login", { json: { email, password: DEMO_SHOPPER_PASSWORD } })
  if (login.status === 200) return session(login.body as UserAnswer)
  if (login.status === 403) return verify()
  if (login.status !== 401) throw new DemoError(`signing in ${email} answered ${login.status}`)
  const signup = await call("POST", "/api/auth/signup", { json: { name: shopper.name, email, handle: shopper.handle, password: DEMO_SHOPPER_PASSWORD } })
  if (signup.status !== 201) {
    const message = (signup.body as { message?: string } | null)?.message ?? ""
    throw new DemoError(`signing up @${shopper.handle} answered ${signup.status}: ${message}`)
  }
  return verify()
}

/** The catalogue's products by `GENDER:TYPE`, in a stable order (by id), fetched once. */
async function candidateProducts({ expect }: Api): Promise<Map<string, string[]>> {
  const groups = new Map<string, string[]>()
  for (const gender of ["MEN", "WOMEN"] as const) {
    for (const slot of SLOTS) {
      const { products } = await expect<{ products: { id: string }[] }>(
        "GET",
        `/api/products?gender=${gender}&categoryType=${slot}&sort=newest&limit=100`,
        [200],
      )
      groups.set(`${gender}:${slot}`, products.map((p) => p.id).sort())
    }
  }
  return groups
}

/**
 * A product for the shopper: stock in at least three sizes, not already bought by another demo shopper
 * when that can be helped, and a size with at least two units left (the demo never buys the last one).
 */
async function choose(
  ids: string[],
  session: Session,
  taken: Set<string>,
  product: (id: string) => Promise<Product>,
): Promise<{ product: Product; size: string } | undefined> {
  const start = ids.length ? (session.index * 7) % ids.length : 0
  const ordered = [...ids.slice(start), ...ids.slice(0, start)]
  for (const allowTaken of [false, true]) {
    for (const id of ordered) {
      if (!allowTaken && taken.has(id)) continue
      const found = await product(id)
      const sizes = found.variants.filter((variant) => variant.stockOnHand >= 2).map((variant) => variant.size)
      if (sizes.length < 3) continue
      const size = session.shopper.sizes.find((wanted) => sizes.includes(wanted)) ?? sizes[Math.floor(sizes.length / 2)]!
      return { product: found, size }
    }
  }
  return undefined
}

type DemoOrder = { id: string; status: string; trackingId: string | null }

/**
 * The courier delivers each of the shopper's orders not yet delivered: the BFF dispatches it to Shiprocket (here
 * its emulator, as everywhere in development), and the emulator's scans move it through pickup and shipping to
 * delivered, as the courier's would. A cash-on-delivery order is paid then, so its buyer may post a fit of it.
 */
async function receiveOrders({ expect }: Api, { token }: Session): Promise<void> {
  const mine = async () => (await expect<{ orders: DemoOrder[] }>("GET", "/api/orders/mine", [200], { token })).orders
  for (const order of (await mine()).filter((candidate) => candidate.status !== "DELIVERED" && candidate.status !== "CANCELLED")) {
    await expect("POST", "/api/fulfillment/shiprocket/dispatch", [202], { token, json: { orderId: order.id } })
    let awb = order.trackingId
    for (let wait = 0; !awb && wait < 150; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      awb = (await mine()).find((candidate) => candidate.id === order.id)?.trackingId ?? null
    }
    if (!awb) throw new DemoError(`order ${order.id} was not dispatched to Shiprocket within 30 s`)
    for (const status of ["PICKUP SCHEDULED", "SHIPPED", "DELIVERED"]) {
      await expect("POST", `/emulator/shiprocket/test/shipments/${encodeURIComponent(awb)}/status`, [200, 409], { json: { status } })
    }
  }
}

/** What a shopper does at checkout: an empty bag, the one sized product, a new address, cash on delivery. */
async function placeOrder({ call, expect }: Api, session: Session, productId: string, size: string): Promise<void> {
  const { token, shopper } = session
  const bag = await expect<{ items: { id: string }[] }>("GET", "/api/cart", [200], { token })
  for (const item of bag.items) await expect("DELETE", `/api/cart/${item.id}`, [200], { token })
  await expect("POST", "/api/cart", [201], { token, json: { productId, size, quantity: 1 } })
  const payload = {
    shippingAddressSnapshot: {
      fullName: shopper.name,
      phone: shopper.address.phone,
      line1: shopper.address.line1,
      city: shopper.address.city,
      state: shopper.address.state,
      postalCode: shopper.address.postalCode,
      country: "India",
    },
    payment: { gateway: "cod", mode: "cod" },
    darkCoins: { applied: false },
  }
  for (let attempt = 1; ; attempt++) {
    const answer = await call("POST", "/api/checkout", { token, json: payload })
    if (answer.status === 201) return
    const message = (answer.body as { message?: string } | null)?.message ?? ""
    // Medusa too busy to make the cart (nothing was ordered): try again, as the page tells a shopper to.
    // Any other 503 may be an order placed without an answer, so it is never retried.
    if (answer.status === 503 && message.startsWith(COMMERCE_BUSY) && attempt < 3) {
      await new Promise((resolve) => setTimeout(resolve, 5000))
      continue
    }
    throw new DemoError(`POST /api/checkout answered ${answer.status}: ${message}`)
  }
}
