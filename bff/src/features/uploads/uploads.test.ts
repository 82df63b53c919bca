import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { crc32, deflateSync } from "node:zlib"
import express from "express"
import sharp from "sharp"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { signedUpUser } from "../../../test/accounts.js"
import { createTestApp } from "../../../test/app.js"
import { staffSession } from "../../../test/staff.js"
import { authentication } from "../../http/authenticate.js"
import { errorHandler } from "../../http/error-handler.js"
import { createLogger } from "../../lib/logger.js"
import { memoryRateLimiter } from "../../lib/rate-limit.js"
import { localDiskStorage } from "../../lib/storage.js"
import { uploadRoutes } from "./routes.js"
import { NOT_A_VIDEO, NOT_AN_IMAGE, NOT_OUR_IMAGE, TOO_LARGE, TOO_MANY_PIXELS, UNREADABLE, UPLOAD_PATH } from "./schema.js"
import { uploadsService, type UploadsService } from "./service.js"

let ctx: Awaited<ReturnType<typeof createTestApp>>
let service: UploadsService
beforeAll(async () => {
  ctx = await createTestApp()
  service = uploadsService({ db: ctx.db, storage: localDiskStorage(ctx.config.MEDIA_DIR), publicUrl: ctx.config.PUBLIC_URL })
})
afterAll(() => ctx.close())

const auth = (token: string) => ({ Authorization: `Bearer ${token}` })

/** A noisy picture, so encoders can't shrink it to nothing (truncating it then really cuts image data). */
const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#1d4e89", noise: { type: "gaussian", mean: 120, sigma: 40 } } })

async function served(url: string) {
  const response = await request(ctx.app).get(url)
  expect(response.status, url).toBe(200)
  expect(response.headers["content-type"]).toBe("image/webp")
  return sharp(response.body as Buffer).metadata()
}

/** A PNG whose header claims width×height, with no pixel data: what a decompression bomb looks like to the decoder. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc(64))),
    chunk("IEND", Buffer.alloc(0)),
  ])
}

describe("POST /api/uploads/image", () => {
  const cases = [
    { kind: "PNG", file: "look.png", bytes: () => picture(2000, 1000).png().toBuffer(), full: [1350, 675], thumb: [480, 240] },
    { kind: "JPEG", file: "look.jpg", bytes: () => picture(800, 600).jpeg().toBuffer(), full: [800, 600], thumb: [480, 360] },
    { kind: "GIF", file: "look.gif", bytes: () => picture(300, 200).gif().toBuffer(), full: [300, 200], thumb: [300, 200] },
    { kind: "WebP", file: "look.webp", bytes: () => picture(1000, 3000).webp().toBuffer(), full: [450, 1350], thumb: [480, 1440] },
  ]
  for (const { kind, file, bytes, full, thumb } of cases) {
    it(`stores a ${kind} as a WebP within 1350 px and a 480 px wide thumbnail, never enlarged, served from /media`, async () => {
      const user = await signedUpUser(ctx.app, "upload")
      const response = await request(ctx.app)
        .post("/api/uploads/image")
        .set(auth(user.accessToken))
        .attach("image", await bytes(), file)
      expect(response.status, JSON.stringify(response.body)).toBe(201)
      expect(Object.keys(response.body).sort()).toEqual(["thumbnailUrl", "url"])
      expect(response.body.url).toMatch(UPLOAD_PATH)
      expect(response.body.thumbnailUrl).toBe(response.body.url.replace(/\.webp$/, "-480.webp"))
      expect(await served(response.body.url)).toMatchObject({ format: "webp", width: full[0], height: full[1] })
      expect(await served(response.body.thumbnailUrl)).toMatchObject({ format: "webp", width: thumb[0], height: thumb[1] })
      expect(await service.ownUpload(user.user.id, response.body.url)).toMatchObject({ userId: user.user.id, width: full[0], height: full[1] })
    })
  }

  it("strips EXIF (GPS included), XMP and ICC, and applies the EXIF orientation", async () => {
    const user = await signedUpUser(ctx.app, "exif")
    const jpeg = await picture(600, 300)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Copyright: "owner-name" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "12/1 58/1 20/1", GPSLongitudeRef: "E", GPSLongitude: "77/1 35/1 40/1", GPSMapDatum: "home-datum" },
      })
      .toBuffer()
    const input = await sharp(jpeg).metadata()
    expect(input.exif?.includes("owner-name")).toBe(true)
    expect(input.exif?.includes("home-datum")).toBe(true)
    expect(input.orientation).toBe(6)
    const response = await request(ctx.app).post("/api/uploads/image").set(auth(user.accessToken)).attach("image", jpeg, "gps.jpg")
    expect(response.status).toBe(201)
    for (const url of [response.body.url, response.body.thumbnailUrl]) {
      const meta = await served(url)
      expect(meta.exif).toBeUndefined()
      expect(meta.xmp).toBeUndefined()
      expect(meta.icc).toBeUndefined()
      expect(meta.orientation).toBeUndefined()
    }
    expect(await served(response.body.url)).toMatchObject({ width: 300, height: 600 })
  })

  it("keeps the first frame of an animated GIF", async () => {
    const user = await signedUpUser(ctx.app, "gif")
    const frames = await Promise.all(
      ["#ff0000", "#0000ff"].map((background) =>
        sharp({ create: { width: 64, height: 64, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    )
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer()
    expect((await sharp(gif).metadata()).pages).toBe(2)
    const response = await request(ctx.app).post("/api/uploads/image").set(auth(user.accessToken)).attach("image", gif, "anim.gif")
    expect(response.status).toBe(201)
    const stored = (await request(ctx.app).get(response.body.url)).body as Buffer
    const meta = await sharp(stored).metadata()
    expect(meta).toMatchObject({ width: 64, height: 64 })
    expect(meta.pages ?? 1).toBe(1)
    const { dominant } = await sharp(stored).stats()
    expect(dominant.r).toBeGreaterThan(200)
    expect(dominant.b).toBeLessThan(50)
  })

  it("refuses HTML named photo.jpg and declared image/jpeg, by its content", async () => {
    const user = await signedUpUser(ctx.app, "html")
    const html = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>")
    const response = await request(ctx.app)
      .post("/api/uploads/image")
      .set(auth(user.accessToken))
      .attach("image", html, { filename: "photo.jpg", contentType: "image/jpeg" })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ error: NOT_AN_IMAGE, message: NOT_AN_IMAGE })
  })

  it("refuses an SVG and a TIFF, which sharp could decode, by their content", async () => {
    const user = await signedUpUser(ctx.app, "svg")
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>')
    const tiff = await picture(20, 20).tiff().toBuffer()
    for (const [bytes, name] of [
      [svg, "x.png"],
      [tiff, "x.jpg"],
    ] as const) {
      const response = await request(ctx.app).post("/api/uploads/image").set(auth(user.accessToken)).attach("image", bytes, name)
      expect(response.status, name).toBe(400)
      expect(response.body.error).toBe(NOT_AN_IMAGE)
    }
  })

  it("answers 413 with a readable message for a file over 10 MB", async () => {
    const user = await signedUpUser(ctx.app, "big")
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(11 * 1024 * 1024)])
    const response = await request(ctx.app).post("/api/uploads/image").set(auth(user.accessToken)).attach("image", big, "big.jpg")
    expect(response.status).toBe(413)
    expect(response.body).toMatchObject({ error: TOO_LARGE, message: "Images can be at most 10 MB." })
  })

  it("refuses a truncated JPEG and a decompression bomb as 400s, never a 500", async () => {
    const user = await signedUpUser(ctx.app, "broken")
    const jpeg = await picture(1200, 900).jpeg({ quality: 90 }).toBuffer()
    const truncated = await request(ctx.app)
      .post("/api/uploads/image")
      .set(auth(user.accessToken))
      .attach("image", jpeg.subarray(0, Math.floor(jpeg.length / 2)), "cut.jpg")
    expect(truncated.status).toBe(400)
    expect(truncated.body.error).toBe(UNREADABLE)
    expect(truncated.body.error).toContain("could not be read")
    const headerOnly = await request(ctx.app)
      .post("/api/uploads/image")
      .set(auth(user.accessToken))
      .attach("image", Buffer.from([0xff, 0xd8, 0xff, 0xe0]), "x.jpg")
    expect(headerOnly.status).toBe(400)
    expect(headerOnly.body.error).toBe(UNREADABLE)
    for (const side of [8_000, 30_000]) {
      const bomb = await request(ctx.app).post("/api/uploads/image").set(auth(user.accessToken)).attach("image", pngHeaderOnly(side, side), "bomb.png")
      expect(bomb.status, String(side)).toBe(400)
      expect(bomb.body.error).toBe(TOO_MANY_PIXELS)
    }
  })

  it("asks for the image when the field is missing or misnamed", async () => {
    const user = await signedUpUser(ctx.app, "nofile")
    const message = "Choose an image to upload (field 'image')."
    const noFile = await request(ctx.app).post("/api/uploads/image").set(auth(user.accessToken)).field("note", "no file")
    expect(noFile.status).toBe(400)
    expect(noFile.body.error).toBe(message)
    const png = await picture(10, 10).png().toBuffer()
    const misnamed = await request(ctx.app).post("/api/uploads/image").set(auth(user.accessToken)).attach("file", png, "a.png")
    expect(misnamed.status).toBe(400)
    expect(misnamed.body.error).toBe(message)
    const json = await request(ctx.app).post("/api/uploads/image").set(auth(user.accessToken)).send({ image: "x" })
    expect(json.status).toBe(400)
  })

  it("needs sign-in", async () => {
    const png = await picture(10, 10).png().toBuffer()
    expect((await request(ctx.app).post("/api/uploads/image").attach("image", png, "a.png")).status).toBe(401)
  })

  it("keeps video uploads to staff: a shopper gets 403", async () => {
    const user = await signedUpUser(ctx.app, "video")
    expect((await request(ctx.app).post("/api/uploads/video").set(auth(user.accessToken)).attach("video", Buffer.from("x"), "a.mp4")).status).toBe(403)
  })

  it("limits uploads per user with a 429 and Retry-After", async () => {
    const user = await signedUpUser(ctx.app, "limit")
    const small = express()
      .use(
        "/api",
        uploadRoutes({
          uploads: service,
          authentication: authentication(ctx.db, ctx.config.AUTH_TOKEN_SECRET),
          limiter: memoryRateLimiter(),
          perUserPerHour: 2,
        }),
      )
      .use(errorHandler(createLogger("silent")))
    const png = await picture(10, 10).png().toBuffer()
    const upload = () => request(small).post("/api/uploads/image").set(auth(user.accessToken)).attach("image", png, "a.png")
    expect((await upload()).status).toBe(201)
    expect((await upload()).status).toBe(201)
    const limited = await upload()
    expect(limited.status).toBe(429)
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0)
    const other = await signedUpUser(ctx.app, "limit2")
    expect((await request(small).post("/api/uploads/image").set(auth(other.accessToken)).attach("image", png, "a.png")).status).toBe(201)
  })
})

describe("uploads.resolveImage", () => {
  const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString("base64")}`

  async function refusal(work: Promise<unknown>) {
    const error = await work.then(
      () => undefined,
      (e: unknown) => e as { status?: number; message?: string },
    )
    expect(error, "expected a refusal").toBeDefined()
    return { status: error?.status, message: error?.message }
  }

  it("stores a PNG data URL as the user's upload; the bytes decide, not the declared type", async () => {
    const user = await signedUpUser(ctx.app, "dataurl")
    const png = await picture(700, 500).png().toBuffer()
    const upload = await service.resolveImage(user.user.id, dataUrl("image/png", png))
    expect(upload).toMatchObject({ userId: user.user.id, width: 700, height: 500 })
    expect(upload.url).toMatch(UPLOAD_PATH)
    expect(await served(upload.thumbnailUrl)).toMatchObject({ width: 480 })
    expect(await service.ownUpload(user.user.id, upload.url)).toEqual(upload)
    const declaredJpeg = await service.resolveImage(user.user.id, dataUrl("image/jpeg", png))
    expect(declaredJpeg.width).toBe(700)
  })

  it("refuses data URLs that are not images, not base64, invalid base64 or too large", async () => {
    const user = await signedUpUser(ctx.app, "baddata")
    const html = Buffer.from("<html><script>alert(1)</script></html>")
    const png = await picture(20, 20).png().toBuffer()
    expect(await refusal(service.resolveImage(user.user.id, dataUrl("image/png", html)))).toEqual({ status: 400, message: NOT_AN_IMAGE })
    expect(await refusal(service.resolveImage(user.user.id, dataUrl("text/html", html)))).toEqual({ status: 400, message: NOT_AN_IMAGE })
    expect(await refusal(service.resolveImage(user.user.id, dataUrl("image/svg+xml", html)))).toEqual({ status: 400, message: NOT_AN_IMAGE })
    expect(await refusal(service.resolveImage(user.user.id, `data:image/png,${png.toString("latin1")}`))).toEqual({ status: 400, message: UNREADABLE })
    const b64 = png.toString("base64")
    for (const broken of [`${b64}!!`, b64.slice(0, -1), ` ${b64}`, b64.replace(/\+/g, "-")]) {
      if (broken === b64) continue
      expect(await refusal(service.resolveImage(user.user.id, `data:image/png;base64,${broken}`))).toEqual({ status: 400, message: UNREADABLE })
    }
    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)])
    expect(await refusal(service.resolveImage(user.user.id, dataUrl("image/png", big)))).toEqual({ status: 413, message: TOO_LARGE })
  })

  describe("links", () => {
    let hits = 0
    let server: Server
    beforeAll(async () => {
      server = createServer((_req, res) => {
        hits += 1
        res.writeHead(200, { "content-type": "image/png" }).end()
      })
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    })
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

    it("answers the user's own upload by its path or its absolute address on this shop", async () => {
      const user = await signedUpUser(ctx.app, "own")
      const upload = await service.storeImage(user.user.id, await picture(400, 400).jpeg().toBuffer())
      expect(await service.resolveImage(user.user.id, upload.url)).toEqual(upload)
      expect(await service.resolveImage(user.user.id, `${ctx.config.PUBLIC_URL}${upload.url}`)).toEqual(upload)
    })

    it("refuses outside links without fetching them, other users' uploads and other /media paths", async () => {
      const [owner, other] = [await signedUpUser(ctx.app, "owner"), await signedUpUser(ctx.app, "thief")]
      const upload = await service.storeImage(owner.user.id, await picture(400, 400).jpeg().toBuffer())
      const fetchSpy = vi.spyOn(globalThis, "fetch")
      const port = (server.address() as AddressInfo).port
      const refused = [
        "https://evil.example/x.jpg",
        `http://127.0.0.1:${port}/x.png`,
        `http://127.0.0.1:${port}${upload.url}`,
        `//evil.example${upload.url}`,
        `https://shop.test.evil.example${upload.url}`,
        `${ctx.config.PUBLIC_URL}${upload.url}?x=1`,
        upload.thumbnailUrl,
        "/media/avatars/0b7c6a52-6c3d-4e0e-9d39-3d3f4b1f2a10.webp",
        "/media/uploads/0b7c6a52-6c3d-4e0e-9d39-3d3f4b1f2a10.webp",
        "javascript:alert(1)",
        "file:///etc/passwd",
        "",
      ]
      try {
        for (const link of refused) expect(await refusal(service.resolveImage(owner.user.id, link)), link).toEqual({ status: 400, message: NOT_OUR_IMAGE })
        expect(await refusal(service.resolveImage(other.user.id, upload.url))).toEqual({ status: 400, message: NOT_OUR_IMAGE })
        expect(fetchSpy).not.toHaveBeenCalled()
        expect(hits).toBe(0)
      } finally {
        fetchSpy.mockRestore()
      }
    })
  })
})

describe("POST /api/uploads/video", () => {
  let staff: Awaited<ReturnType<typeof staffSession>>
  beforeAll(async () => {
    staff = await staffSession(ctx.app)
  })

  /** The start of a real MP4: an ftyp box (brand isom), a free box and an empty mdat. */
  const mp4 = () =>
    Buffer.concat([
      Buffer.from([0, 0, 0, 0x20]),
      Buffer.from("ftypisom", "latin1"),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from("isomiso2avc1mp41", "latin1"),
      Buffer.from([0, 0, 0, 8]),
      Buffer.from("free", "latin1"),
      Buffer.from([0, 0, 0, 8]),
      Buffer.from("mdat", "latin1"),
    ])
  /** The start of a real WebM: the EBML header with DocType "webm", then a Segment id. */
  const webm = () =>
    Buffer.concat([
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f]),
      Buffer.from([0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08]),
      Buffer.from([0x42, 0x82, 0x84]),
      Buffer.from("webm", "latin1"),
      Buffer.from([0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]),
      Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]),
    ])

  for (const [kind, bytes, name, type] of [
    ["MP4", mp4, "clip.bin", "video/mp4"],
    ["WebM", webm, "clip", "video/webm"],
  ] as const) {
    it(`stores a ${kind} recognised by its bytes (whatever its name) and serves it from /media`, async () => {
      const response = await request(ctx.app).post("/api/uploads/video").set(staff.headers).attach("video", bytes(), name)
      expect(response.status, JSON.stringify(response.body)).toBe(201)
      expect(Object.keys(response.body)).toEqual(["url"])
      expect(response.body.url).toMatch(new RegExp(`^/media/videos/[0-9a-f-]{36}\\.${kind.toLowerCase()}$`))
      const served = await request(ctx.app).get(response.body.url).buffer(true)
      expect(served.status).toBe(200)
      expect(served.headers["content-type"]).toBe(type)
    })
  }

  it("refuses a PNG named clip.mp4 and declared video/mp4, and a HEIC-style ftyp, by their content", async () => {
    const png = await picture(20, 20).png().toBuffer()
    const renamed = await request(ctx.app)
      .post("/api/uploads/video")
      .set(staff.headers)
      .attach("video", png, { filename: "clip.mp4", contentType: "video/mp4" })
    expect(renamed.status).toBe(400)
    expect(renamed.body.message).toBe(NOT_A_VIDEO)
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypheic", "latin1"), Buffer.alloc(12)])
    expect((await request(ctx.app).post("/api/uploads/video").set(staff.headers).attach("video", heic, "x.mp4")).status).toBe(400)
  })

  it("answers 413 for a video over 50 MB, by its declared length or, a few bytes over, while reading it", async () => {
    for (const extra of [2 * 1024 * 1024, 1]) {
      const big = Buffer.concat([mp4(), Buffer.alloc(50 * 1024 * 1024 - mp4().length + extra)])
      const response = await request(ctx.app).post("/api/uploads/video").set(staff.headers).attach("video", big, "big.mp4")
      expect(response.status, String(extra)).toBe(413)
      expect(response.body.message).toBe("Videos can be at most 50 MB.")
    }
  }, 60_000)

  it("asks for the video when the field is missing", async () => {
    const response = await request(ctx.app).post("/api/uploads/video").set(staff.headers).attach("file", mp4(), "a.mp4")
    expect(response.status).toBe(400)
    expect(response.body.message).toBe("Choose a video to upload (field 'video').")
  })
})
