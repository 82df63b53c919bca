import { postHeadline, postMeta, profileHeadline, profileMeta, profilePath, type Post, type Profile } from "@fitshop/contracts"
import { Router, type Request, type Response } from "express"
import type { Db } from "../../lib/db.js"
import { publicPost, publicProfile } from "../fitfeed/index.js"
import { absoluteUrl, pageHeadTags, withPageHead } from "./page-head.js"
import { sendHtml } from "./routes.js"

/** A FITFEED post's page: its caption and author in the head, its photo as the link preview's picture. */
export function renderPostHtml(indexHtml: string, post: Post, publicUrl: string): string {
  const page = postMeta(post)
  const headline = postHeadline(post)
  return withPageHead(
    indexHtml,
    page,
    pageHeadTags(page, publicUrl, {
      type: "article",
      title: headline,
      image: post.imageUrl,
      imageAlt: headline,
      properties: [
        ["article:published_time", post.createdAt],
        ["article:author", absoluteUrl(profilePath(post.user.handle), publicUrl)],
      ],
    }),
  )
}

/** A profile's page: the person and their counts in the head, their avatar (or newest fit) as the preview's picture. */
export function renderProfileHtml(indexHtml: string, profile: Profile, latestPost: Post | undefined, publicUrl: string): string {
  const page = profileMeta(profile)
  const { user } = profile
  const picture = user.avatarUrl
    ? { image: user.avatarUrl, imageAlt: `${user.name}'s picture` }
    : latestPost
      ? { image: latestPost.imageUrl, imageAlt: postHeadline(latestPost) }
      : {}
  return withPageHead(
    indexHtml,
    page,
    pageHeadTags(page, publicUrl, { type: "profile", title: profileHeadline(user), ...picture, properties: [["profile:username", user.handle]] }),
  )
}

type SocialPageDeps = { db: Pick<Db, "query">; indexHtml: string; publicUrl: string }

/**
 * FITFEED's shareable pages, `/fitfeed/{postId}` and the profiles (`/fit/{handleOrId}`, `/fit/u/{userId}`), with
 * the words and picture a shared link previews with. What a signed-out visitor can't see through the API (a post
 * hidden by reports, a deleted one, an unknown person) is the storefront's plain page with a 404: nothing of it leaks.
 */
export function socialPageRoutes({ db, indexHtml, publicUrl }: SocialPageDeps): Router {
  const router = Router()

  router.get("/fitfeed/:postId", async (req, res) => {
    const post = await publicPost(db, req.params.postId)
    if (!post) return void sendHtml(req, res, indexHtml, 404)
    sendHtml(req, res, renderPostHtml(indexHtml, post, publicUrl))
  })

  async function sendProfile(req: Request, res: Response, key: string) {
    const found = await publicProfile(db, key)
    if (!found) return void sendHtml(req, res, indexHtml, 404)
    sendHtml(req, res, renderProfileHtml(indexHtml, found.profile, found.latestPost, publicUrl))
  }

  router.get("/fit/u/:userId", (req, res) => sendProfile(req, res, req.params.userId))
  router.get("/fit/:handleOrId", (req, res) => sendProfile(req, res, req.params.handleOrId))
  return router
}
