import { randomUUID } from "node:crypto"
import { Router } from "express"
import multer from "multer"
import { currentUser, type Authentication } from "../../http/authenticate.js"
import { badRequest, conflict, unauthorized } from "../../http/errors.js"
import { parse } from "../../http/validate.js"
import { reencodeSquare, sniffImage } from "../../lib/images.js"
import type { Storage } from "../../lib/storage.js"
import { isValidHandle, normalizeHandle } from "../auth/rules.js"
import { presentUser } from "./presenter.js"
import { isUniqueViolation, type UsersRepository } from "./repository.js"
import { handleCheckQuery, PROFILE_HANDLE_TAKEN, updateMeBody, updateProfileBody } from "./schema.js"

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024
const AVATAR_SIZE = 512

type Options = { users: UsersRepository; authentication: Authentication; storage: Storage }

export function userRoutes({ users, authentication, storage }: Options): Router {
  const router = Router()
  const avatarUpload = multer({ storage: multer.memoryStorage(), limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5 } })

  async function me(id: string) {
    const user = await users.byId(id)
    if (!user) throw unauthorized()
    return user
  }

  router.get("/fitfeed/handle/check", authentication.optionalUser, async (req, res) => {
    const handle = normalizeHandle(parse(handleCheckQuery, req.query).handle)
    const available = isValidHandle(handle) && !(await users.handleTaken(handle, req.user?.id))
    res.set("Cache-Control", "no-store").json({ available })
  })

  router.get("/users/me", authentication.requireUser, async (req, res) => {
    res.set("Cache-Control", "no-store").json({ user: presentUser(await me(currentUser(req).id)) })
  })

  router.put("/users/me", authentication.requireUser, async (req, res) => {
    const body = parse(updateMeBody, req.body)
    const user = await me(currentUser(req).id)
    if (body.email !== undefined && body.email !== user.email) throw badRequest("Your e-mail address can't be changed here.")
    const updated = await users.update(user.id, { name: body.name, avatar_url: body.avatarUrl, phone: body.phone })
    res.json({ user: presentUser(updated!) })
  })

  router.put("/fitfeed/profile/me", authentication.requireUser, async (req, res) => {
    const body = parse(updateProfileBody, req.body)
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
  })

  router.post("/fitfeed/profile/avatar", authentication.requireUser, avatarUpload.single("avatar"), async (req, res) => {
    const file = req.file
    if (!file) throw badRequest("Choose an image to upload (field 'avatar').")
    if (!sniffImage(file.buffer)) throw badRequest("Only JPEG, PNG, WebP or GIF images can be uploaded.")
    let webp: Buffer
    try {
      webp = await reencodeSquare(file.buffer, AVATAR_SIZE)
    } catch {
      throw badRequest("The image could not be read. Try another file.")
    }
    const userId = currentUser(req).id
    const { url } = await storage.put(`avatars/${randomUUID()}.webp`, webp, "image/webp")
    const updated = await users.update(userId, { avatar_url: url })
    res.status(201).json({ user: presentUser(updated!), url })
  })

  return router
}
