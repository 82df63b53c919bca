import { readFile } from "node:fs/promises"
import path from "node:path"
import sharp from "sharp"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { signedUpUser } from "../../../test/accounts.js"
import { createTestApp } from "../../../test/app.js"

let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

const auth = (token: string) => ({ Authorization: `Bearer ${token}` })

describe("GET /api/fitfeed/handle/check", () => {
  it("says whether a handle is free; invalid handles are never available; one's own counts as free", async () => {
    const user = await signedUpUser(ctx.app, "check")
    const check = (handle: string, token?: string) =>
      request(ctx.app)
        .get("/api/fitfeed/handle/check")
        .query({ handle })
        .set(token ? auth(token) : {})
    const taken = await check(user.handle)
    expect(taken.body).toEqual({ available: false })
    expect(taken.headers["cache-control"]).toBe("no-store")
    expect((await check(user.handle.toUpperCase())).body).toEqual({ available: false })
    expect((await check(user.handle, user.accessToken)).body).toEqual({ available: true })
    expect((await check(`free.${Date.now()}`.slice(0, 20))).body).toEqual({ available: true })
    for (const invalid of ["a", ".dot", "dash-", ""]) expect((await check(invalid)).body).toEqual({ available: false })
  })
})

describe("profile", () => {
  it("reads and updates the signed-in user; signed out gets 401", async () => {
    const user = await signedUpUser(ctx.app, "profile")
    expect((await request(ctx.app).get("/api/users/me")).status).toBe(401)
    const me = await request(ctx.app).get("/api/users/me").set(auth(user.accessToken))
    expect(me.body.user).toMatchObject({ email: user.email, handle: user.handle, avatarUrl: null })
    expect(me.headers["cache-control"]).toBe("no-store")
    const updated = await request(ctx.app)
      .put("/api/users/me")
      .set(auth(user.accessToken))
      .send({ name: "Asha Rao", phone: "+91 98765 43210", email: user.email })
    expect(updated.status).toBe(200)
    expect(updated.body.user).toMatchObject({ name: "Asha Rao", phone: "9876543210" })
  })

  it("refuses an e-mail change, a foreign avatar URL and a bad phone", async () => {
    const user = await signedUpUser(ctx.app, "badme")
    for (const body of [{ email: "other@example.test" }, { avatarUrl: "https://evil.example/a.png" }, { phone: "12345" }, { role: "admin" }]) {
      const response = await request(ctx.app).put("/api/users/me").set(auth(user.accessToken)).send(body)
      expect(response.status, JSON.stringify(body)).toBe(400)
    }
  })

  it("takes as avatarUrl only an avatar of this shop or one of the user's own uploads; null clears it", async () => {
    const [me, other] = [await signedUpUser(ctx.app, "avurl"), await signedUpUser(ctx.app, "avother")]
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#222222" } })
      .png()
      .toBuffer()
    const mine = await request(ctx.app).post("/api/uploads/image").set(auth(me.accessToken)).attach("image", png, "me.png")
    const theirs = await request(ctx.app).post("/api/uploads/image").set(auth(other.accessToken)).attach("image", png, "them.png")
    expect([mine.status, theirs.status]).toEqual([201, 201])
    const put = (avatarUrl: string | null) => request(ctx.app).put("/api/users/me").set(auth(me.accessToken)).send({ avatarUrl })

    const own = await put(mine.body.url)
    expect(own.status).toBe(200)
    expect(own.body.user.avatarUrl).toBe(mine.body.url)
    for (const refused of [
      theirs.body.url,
      "https://evil.example/a.png",
      `http://shop.test.evil.example${mine.body.url}`,
      mine.body.thumbnailUrl,
      "/media/uploads/x.webp",
      "",
    ]) {
      const response = await put(refused)
      expect(response.status, refused).toBe(400)
      expect(response.body.error).toBe("Choose an avatar uploaded to this shop: links to images elsewhere are not accepted.")
    }
    expect((await request(ctx.app).get("/api/users/me").set(auth(me.accessToken))).body.user.avatarUrl).toBe(mine.body.url)

    const avatar = await request(ctx.app).post("/api/fitfeed/profile/avatar").set(auth(me.accessToken)).attach("avatar", png, "a.png")
    expect(avatar.status).toBe(201)
    expect((await put(avatar.body.url)).body.user.avatarUrl).toBe(avatar.body.url)
    const cleared = await put(null)
    expect(cleared.status).toBe(200)
    expect(cleared.body.user.avatarUrl).toBeNull()
  })

  it("changes name and handle; a taken handle is a 409 and an invalid one a 400", async () => {
    const [a, b] = [await signedUpUser(ctx.app, "pa"), await signedUpUser(ctx.app, "pb")]
    const newHandle = `new.${a.handle}`.slice(0, 20).replace(/[._-]+$/, "")
    const ok = await request(ctx.app).put("/api/fitfeed/profile/me").set(auth(a.accessToken)).send({ name: "New Name", handle: newHandle.toUpperCase() })
    expect(ok.status).toBe(200)
    expect(ok.body.user).toMatchObject({ name: "New Name", handle: newHandle })
    const taken = await request(ctx.app).put("/api/fitfeed/profile/me").set(auth(a.accessToken)).send({ handle: b.handle })
    expect(taken.status).toBe(409)
    expect(taken.body.error).toBe("This handle is not available.")
    const invalid = await request(ctx.app).put("/api/fitfeed/profile/me").set(auth(a.accessToken)).send({ handle: "-x-" })
    expect(invalid.status).toBe(400)
    expect(invalid.body.error).toContain("Enter a valid handle.")
  })
})

describe("POST /api/fitfeed/profile/avatar", () => {
  it("re-encodes an image to a 512 px WebP without its metadata and serves it from /media", async () => {
    const user = await signedUpUser(ctx.app, "avatar")
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#b3262e" } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "secret-gps-owner" } } })
      .toBuffer()
    const response = await request(ctx.app).post("/api/fitfeed/profile/avatar").set(auth(user.accessToken)).attach("avatar", jpeg, "me.txt")
    expect(response.status).toBe(201)
    expect(response.body.url).toMatch(/^\/media\/avatars\/[a-z0-9-]+\.webp$/)
    expect(response.body.user.avatarUrl).toBe(response.body.url)
    const stored = await readFile(path.join(ctx.config.MEDIA_DIR, response.body.url.replace("/media/", "")))
    const meta = await sharp(stored).metadata()
    expect(meta).toMatchObject({ format: "webp", width: 512, height: 512 })
    expect(meta.exif).toBeUndefined()
    const served = await request(ctx.app).get(response.body.url)
    expect(served.status).toBe(200)
    expect(served.headers["content-type"]).toBe("image/webp")
  })

  it("refuses a non-image named .png, a file over 5 MB and a missing file; keeps the old avatar", async () => {
    const user = await signedUpUser(ctx.app, "badavatar")
    const upload = () => request(ctx.app).post("/api/fitfeed/profile/avatar").set(auth(user.accessToken))
    const fake = await upload().attach("avatar", Buffer.from("<?php echo 'hi'; ?>"), { filename: "me.png", contentType: "image/png" })
    expect(fake.status).toBe(400)
    expect(fake.body.error).toBe("Only JPEG, PNG, GIF or WebP images can be uploaded.")
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5 * 1024 * 1024 + 10)])
    const tooBig = await upload().attach("avatar", big, "big.jpg")
    expect(tooBig.status).toBe(413)
    expect(tooBig.body.error).toBe("Images can be at most 5 MB.")
    expect((await upload().field("note", "no file")).status).toBe(400)
    const me = await request(ctx.app).get("/api/users/me").set(auth(user.accessToken))
    expect(me.body.user.avatarUrl).toBeNull()
  })

  it("needs sign-in", async () => {
    expect((await request(ctx.app).post("/api/fitfeed/profile/avatar")).status).toBe(401)
  })
})
