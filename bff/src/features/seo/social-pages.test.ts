import { randomBytes } from "node:crypto"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createStorefrontTestApp, GENERIC_INDEX, TEST_PUBLIC_URL } from "../../../test/app.js"
import { isSeeded } from "../../../test/catalog.js"
import { feedMember, insertedPost, unknownProductId } from "../../../test/fitfeed.js"
import { escapeHtml } from "../../lib/html.js"
import type { ListedProduct } from "@fitshop/contracts"

let ctx: Awaited<ReturnType<typeof createStorefrontTestApp>>
let product: ListedProduct
beforeAll(async () => {
  ctx = await createStorefrontTestApp()
  const listing = await request(ctx.app).get("/api/products").query({ limit: "24" })
  product = (listing.body.products as ListedProduct[]).find(isSeeded)!
})
afterAll(() => ctx.close())

const member = (label = "sharer") => feedMember(ctx.db, ctx.config.AUTH_TOKEN_SECRET, label)

/** A post of `userId`'s with a caption and a photo of its own, about a product no catalogue holds unless told (one post per product each). */
async function postWith(userId: string, caption: string, productId = unknownProductId()) {
  const imageUrl = `/media/uploads/${randomBytes(6).toString("hex")}.webp`
  const id = await insertedPost(ctx.db, userId, { productId, text: caption })
  await ctx.db.query("update bff.fitfeed_posts set image_url = $2 where id = $1", [id, imageUrl])
  return { id, imageUrl }
}

/** The content of the head's `<meta property|name=key>`, as a browser reads it. */
function metaContent(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)" />`).exec(html)
  return match?.[1]
}

const page = (path: string) => request(ctx.app).get(path).set("Accept-Encoding", "gzip")

describe("GET /fitfeed/:postId", () => {
  it("previews a public post: the author's fit and caption, its photo, its canonical address", async () => {
    const author = await member()
    const caption = `Oversized & "boxy" <b>fit</b> ${randomBytes(3).toString("hex")}`
    const post = await postWith(author.id, caption, product.id)
    const response = await page(`/fitfeed/${post.id}`)
    expect(response.status).toBe(200)
    expect(response.headers["content-encoding"]).toBe("gzip")
    expect(response.headers["cache-control"]).toBe("no-cache")
    const html = response.text
    const headline = `${author.name}'s fit in the ${product.title}`
    expect(html).toContain(`<title>${escapeHtml(`${headline} | Build Your Fit`)}</title>`)
    expect(html).not.toContain('content="generic"')
    expect(html).not.toContain("<b>fit</b>")
    expect(metaContent(html, "description")).toBe(escapeHtml(`${headline}: ${caption}`))
    expect(html).toContain(`<link rel="canonical" href="${TEST_PUBLIC_URL}/fitfeed/${post.id}" />`)
    expect(metaContent(html, "og:type")).toBe("article")
    expect(metaContent(html, "og:title")).toBe(escapeHtml(headline))
    expect(metaContent(html, "og:image")).toBe(`${TEST_PUBLIC_URL}${post.imageUrl}`)
    expect(metaContent(html, "og:url")).toBe(`${TEST_PUBLIC_URL}/fitfeed/${post.id}`)
    expect(metaContent(html, "article:author")).toBe(`${TEST_PUBLIC_URL}/fit/@${author.handle}`)
    expect(metaContent(html, "twitter:card")).toBe("summary_large_image")
    expect(html).toContain('<div id="root"></div>')
  })

  it("answers a post hidden by reports, a deleted one or a malformed id with the plain page and a 404, nothing of the post in it", async () => {
    const author = await member()
    const hidden = await postWith(author.id, `Hidden caption ${randomBytes(3).toString("hex")}`)
    await ctx.db.query("update bff.fitfeed_posts set hidden_at = now() where id = $1", [hidden.id])
    const deleted = await postWith(author.id, `Deleted caption ${randomBytes(3).toString("hex")}`)
    await ctx.db.query("delete from bff.fitfeed_posts where id = $1", [deleted.id])
    for (const path of [`/fitfeed/${hidden.id}`, `/fitfeed/${deleted.id}`, "/fitfeed/abc", "/fitfeed/0"]) {
      const response = await page(path)
      expect(response.status, path).toBe(404)
      expect(response.headers["cache-control"]).toBe("no-cache")
      expect(response.text).toBe(GENERIC_INDEX)
    }
  })
})

describe("GET /fit/:handleOrId and /fit/u/:userId", () => {
  it("previews a profile by any of its addresses under one canonical @handle address, with its newest visible fit's photo", async () => {
    const person = await member("profiled")
    const older = await postWith(person.id, "First fit")
    await ctx.db.query("update bff.fitfeed_posts set created_at = now() - interval '1 day' where id = $1", [older.id])
    const newest = await postWith(person.id, "Second fit")
    const hidden = await postWith(person.id, "Reported fit")
    await ctx.db.query("update bff.fitfeed_posts set hidden_at = now() where id = $1", [hidden.id])
    for (const path of [`/fit/@${person.handle}`, `/fit/${person.handle}`, `/fit/${person.id}`, `/fit/u/${person.id}`]) {
      const response = await page(path)
      expect(response.status, path).toBe(200)
      const html = response.text
      expect(html).toContain(`<title>${escapeHtml(`${person.name} (@${person.handle}) on FITFEED | Build Your Fit`)}</title>`)
      expect(html).toContain(`<link rel="canonical" href="${TEST_PUBLIC_URL}/fit/@${person.handle}" />`)
      expect(metaContent(html, "description")).toBe(
        escapeHtml(`${person.name}'s fits on FITFEED: 2 posts and 0 followers. Outfits posted by shoppers who bought them at Build Your Fit.`),
      )
      expect(metaContent(html, "og:type")).toBe("profile")
      expect(metaContent(html, "profile:username")).toBe(person.handle)
      expect(metaContent(html, "og:image")).toBe(`${TEST_PUBLIC_URL}${newest.imageUrl}`)
      expect(html).not.toContain(hidden.imageUrl)
    }
  })

  it("prefers the person's avatar, and shows no picture when there is neither avatar nor visible post", async () => {
    const withAvatar = await member("avatar")
    await ctx.db.query("update bff.users set avatar_url = '/media/uploads/face.webp' where id = $1", [withAvatar.id])
    await postWith(withAvatar.id, "A fit")
    expect(metaContent((await page(`/fit/@${withAvatar.handle}`)).text, "og:image")).toBe(`${TEST_PUBLIC_URL}/media/uploads/face.webp`)

    const onlyHidden = await member("quiet")
    const hidden = await postWith(onlyHidden.id, "Reported fit")
    await ctx.db.query("update bff.fitfeed_posts set hidden_at = now() where id = $1", [hidden.id])
    const response = await page(`/fit/@${onlyHidden.handle}`)
    expect(response.status).toBe(200)
    expect(metaContent(response.text, "og:image")).toBeUndefined()
    expect(metaContent(response.text, "twitter:card")).toBe("summary")
    expect(response.text).not.toContain(hidden.imageUrl)
  })

  it("answers staff, current or removed, as someone who does not exist: the plain page and a 404, nothing of them in it", async () => {
    for (const removed of [false, true]) {
      const staff = await member("ops")
      await ctx.db.query("update bff.users set role = $2, medusa_user_id = $3 where id = $1", [staff.id, removed ? "customer" : "admin", `user_${staff.id}`])
      const post = await postWith(staff.id, "Staff fit")
      for (const path of [`/fit/u/${staff.id}`, `/fit/@${staff.handle}`, `/fit/${staff.handle}`, `/fit/${staff.id}`]) {
        const response = await page(path)
        expect(response.status, path).toBe(404)
        expect(response.text, path).toBe(GENERIC_INDEX)
        expect(response.text).not.toContain(post.imageUrl)
      }
    }
  })

  it("answers someone who does not exist with the plain page and a 404", async () => {
    for (const path of ["/fit/@nobody-here-42", "/fit/u/00000000-0000-4000-8000-000000000000", "/fit/x"]) {
      const response = await page(path)
      expect(response.status, path).toBe(404)
      expect(response.text).toBe(GENERIC_INDEX)
    }
  })
})
