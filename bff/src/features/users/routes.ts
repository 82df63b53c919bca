import { Router } from "express"
import { currentUser, type Authentication } from "../../http/authenticate.js"
import { badRequest, conflict, unauthorized } from "../../http/errors.js"
import { noStore } from "../../http/no-store.js"
import { rateLimit } from "../../http/rate-limit.js"
import { validated } from "../../http/validate.js"
import type { RateLimiter } from "../../lib/rate-limit.js"
import { isValidHandle, normalizeHandle } from "./rules.js"
import { noFileMessage, receiveImage, shopperUploadLimits, type UploadsService } from "../uploads/index.js"
import { presentUser } from "./presenter.js"
import { isUniqueViolation, type UsersRepository } from "./repository.js"
import { AVATAR_NOT_OURS, handleCheckQuery, isAvatarPath, marketingChoiceSchema, PROFILE_HANDLE_TAKEN, updateMeBody, updateProfileBody } from "./schema.js"

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024
const AVATAR_SIZE = 512

type Options = { users: UsersRepository; authentication: Authentication; uploads: UploadsService; limiter: RateLimiter }

export function userRoutes({ users, authentication, uploads, limiter }: Options): Router {
  const router = Router()

  async function me(id: string) {
    const user = await users.byId(id)
    if (!user) throw unauthorized()
    return user
  }

  router.get(
    "/fitfeed/handle/check",
    authentication.optionalUser,
    noStore,
    validated({ query: handleCheckQuery }, async (req, res, { query }) => {
      const handle = normalizeHandle(query.handle)
      const available = isValidHandle(handle) && !(await users.handleTaken(handle, req.user?.id))
      res.json({ available })
    }),
  )

  router.get("/users/me", authentication.requireUser, noStore, async (req, res) => {
    res.json({ user: presentUser(await me(currentUser(req).id)) })
  })

  router.put(
    "/users/me",
    authentication.requireUser,
    validated({ body: updateMeBody }, async (req, res, { body }) => {
      const user = await me(currentUser(req).id)
      if (body.email !== undefined && body.email !== user.email) throw badRequest("Your e-mail address can't be changed here.")
      if (typeof body.avatarUrl === "string" && !isAvatarPath(body.avatarUrl) && !(await uploads.ownUpload(user.id, body.avatarUrl)))
        throw badRequest(AVATAR_NOT_OURS)
      const updated = await users.update(user.id, { name: body.name, avatar_url: body.avatarUrl, phone: body.phone })
      res.json({ user: presentUser(updated!) })
    }),
  )

  // Marketing messages: the choice made at sign-up, read and changed (withdrawn in one call, as easily as given).
  router.get("/users/me/marketing", authentication.requireUser, noStore, async (req, res) => {
    res.json({ marketingOptIn: (await me(currentUser(req).id)).marketing_opt_in })
  })

  router.put(
    "/users/me/marketing",
    authentication.requireUser,
    validated({ body: marketingChoiceSchema }, async (req, res, { body }) => {
      const updated = await users.update(currentUser(req).id, { marketing_opt_in: body.marketingOptIn })
      if (!updated) throw unauthorized()
      res.json({ marketingOptIn: updated.marketing_opt_in })
    }),
  )

  router.put(
    "/fitfeed/profile/me",
    authentication.requireUser,
    validated({ body: updateProfileBody }, async (req, res, { body }) => {
      const userId = currentUser(req).id
      if (body.handle && (await users.handleTaken(body.handle, userId))) throw conflict(PROFILE_HANDLE_TAKEN)
      try {
        const updated = await users.update(userId, { name: body.name, handle: body.handle })
        if (!updated) throw unauthorized()
        res.json({ user: presentUser(updated) })
      } catch (error) {
        if (isUniqueViolation(error, "users_handle_key")) throw conflict(PROFILE_HANDLE_TAKEN)
        throw error
      }
    }),
  )

  router.post(
    "/fitfeed/profile/avatar",
    authentication.requireUser,
    rateLimit(limiter, shopperUploadLimits()),
    receiveImage("avatar", AVATAR_MAX_BYTES),
    async (req, res) => {
      if (!req.file) throw badRequest(noFileMessage("avatar"))
      const url = await uploads.storeAvatar(req.file.buffer, AVATAR_SIZE)
      const updated = await users.update(currentUser(req).id, { avatar_url: url })
      res.status(201).json({ user: presentUser(updated!), url })
    },
  )

  return router
}
