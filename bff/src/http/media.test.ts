import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { HeadObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3"
import sharp from "sharp"
import request from "supertest"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { signedUpUser } from "../../test/accounts.js"
import { createTestApp } from "../../test/app.js"
import { startS3Server } from "../../test/s3.js"
import { MEDIA_POLICY } from "./security-headers.js"

type TestApp = Awaited<ReturnType<typeof createTestApp>>

let s3: Awaited<ReturnType<typeof startS3Server>>
let bucket: S3Client
/** Two replicas sharing the bucket, each with a MEDIA_DIR of its own that stays empty. */
let first: TestApp
let second: TestApp
const mediaDirs: string[] = []
/** A BFF keeping media on this host's disk, in a folder of its own. */
let onDisk: TestApp
let diskDir: string

beforeAll(async () => {
  s3 = await startS3Server()
  bucket = new S3Client({
    region: "us-east-1",
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY },
  })
  const replica = async () => {
    const mediaDir = await mkdtemp(path.join(tmpdir(), "fitshop-replica-media-"))
    mediaDirs.push(mediaDir)
    return createTestApp({ ...s3.env, MEDIA_DIR: mediaDir })
  }
  first = await replica()
  second = await replica()
  diskDir = await mkdtemp(path.join(tmpdir(), "fitshop-disk-media-"))
  onDisk = await createTestApp({ MEDIA_DIR: diskDir })
})

afterAll(async () => {
  await Promise.all([first?.close(), second?.close(), onDisk?.close()])
  bucket?.destroy()
  await s3?.stop()
  await Promise.all([...mediaDirs, diskDir].filter(Boolean).map((dir) => rm(dir, { recursive: true, force: true })))
})

/** A noisy picture, so the encoders can't shrink it to nothing. */
const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#1d4e89", noise: { type: "gaussian", mean: 120, sigma: 40 } } })
    .png()
    .toBuffer()

/** Uploads a picture through the first replica, as a shopper does; answers its /media URL and its key in the bucket. */
async function uploadedPicture(): Promise<{ url: string; key: string }> {
  const shopper = await signedUpUser(first.app, "s3media")
  const response = await request(first.app)
    .post("/api/uploads/image")
    .set("Authorization", `Bearer ${shopper.accessToken}`)
    .attach("image", await picture(1000, 600), "look.png")
  expect(response.status, JSON.stringify(response.body)).toBe(201)
  const url = response.body.url as string
  return { url, key: url.replace(/^\/media\//, "") }
}

const inBucket = (key: string) =>
  bucket.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key })).then(
    () => true,
    () => false,
  )

/** Whatever the response's type, its bytes (supertest only buffers the types it knows). */
const bytes = (req: request.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = []
    res.on("data", (chunk: Buffer) => chunks.push(chunk))
    res.on("end", () => done(null, Buffer.concat(chunks)))
  })

const filesUnder = async (dir: string) => (await readdir(dir, { recursive: true })).length

describe("/media on shared S3 storage", () => {
  it("serves a picture uploaded through one replica, and its ?w= variant, from another whose MEDIA_DIR is empty", async () => {
    const { url, key } = await uploadedPicture()
    expect(await inBucket(key)).toBe(true)

    const original = await bytes(request(second.app).get(url))
    expect(original.status).toBe(200)
    expect(original.headers["content-type"]).toBe("image/webp")
    expect(original.headers["cache-control"]).toBe("public, max-age=604800")
    expect(await sharp(original.body as Buffer).metadata()).toMatchObject({ format: "webp", width: 1000, height: 600 })
    const etag = original.headers.etag
    expect(etag).toBeTruthy()
    const again = await request(second.app).get(url).set("If-None-Match", etag!)
    expect(again.status).toBe(304)

    const made = await bytes(request(second.app).get(`${url}?w=320`))
    expect(made.status).toBe(200)
    expect(made.headers["content-type"]).toBe("image/webp")
    expect(made.headers["cache-control"]).toBe("public, max-age=604800")
    expect((await sharp(made.body as Buffer).metadata()).width).toBe(320)
    expect(await inBucket(`.variants/320/${key}.webp`)).toBe(true)

    // The first replica finds the variant the second one made, in the bucket.
    const kept = await bytes(request(first.app).get(`${url}?w=320`))
    expect(kept.status).toBe(200)
    expect(kept.headers["content-type"]).toBe("image/webp")
    expect(kept.headers.etag).toBeTruthy()
    expect(Buffer.compare(kept.body as Buffer, made.body as Buffer)).toBe(0)
    expect((await request(first.app).get(`${url}?w=320`).set("If-None-Match", kept.headers.etag!)).status).toBe(304)

    for (const dir of mediaDirs) expect(await filesUnder(dir), dir).toBe(0)
  })

  it("answers one byte range and HEAD, and the whole file for a range beyond its end", async () => {
    const { url } = await uploadedPicture()
    const whole = await bytes(request(second.app).get(url))
    const size = (whole.body as Buffer).length

    const part = await bytes(request(second.app).get(url).set("Range", "bytes=0-9"))
    expect(part.status).toBe(206)
    expect(part.headers["content-range"]).toBe(`bytes 0-9/${size}`)
    expect(part.headers["accept-ranges"]).toBe("bytes")
    expect(Buffer.compare(part.body as Buffer, (whole.body as Buffer).subarray(0, 10))).toBe(0)

    // A range the file can't satisfy is ignored, as HTTP lets a server do: the whole file comes.
    const beyond = await bytes(request(second.app).get(url).set("Range", `bytes=${size}-`))
    expect(beyond.status).toBe(200)
    expect((beyond.body as Buffer).length).toBe(size)

    const head = await request(second.app).head(url)
    expect(head.status).toBe(200)
    expect(head.headers["content-length"]).toBe(String(size))
    expect(head.headers["content-type"]).toBe("image/webp")
  })

  it("answers 404 JSON for a file the bucket hasn't, with or without ?w=", async () => {
    for (const url of ["/media/uploads/0b7c6a52-6c3d-4e0e-9d39-3d3f4b1f2a10.webp", "/media/uploads/0b7c6a52-6c3d-4e0e-9d39-3d3f4b1f2a10.webp?w=480"]) {
      const response = await request(second.app).get(url)
      expect(response.status, url).toBe(404)
      expect(response.headers["content-type"], url).toMatch(/^application\/json/)
      expect(response.body, url).toMatchObject({ code: "not_found", error: expect.any(String), message: expect.any(String) })
    }
  })

  it("refuses escapes, dotfiles, generated files by their own name, and widths it doesn't make", async () => {
    const { url, key } = await uploadedPicture()
    expect((await request(second.app).get(`${url}?w=480`)).status).toBe(200)
    expect(await inBucket(`.variants/480/${key}.webp`)).toBe(true)
    await bucket.send(new PutObjectCommand({ Bucket: s3.bucket, Key: "uploads/.hidden.webp", Body: Buffer.from("secret"), ContentType: "image/webp" }))

    for (const refused of [
      `/media/.variants/480/${key}.webp`,
      "/media/uploads/.hidden.webp",
      "/media/uploads/.hidden.webp?w=320",
      `/media/uploads/..%2F..%2F${key}`,
      "/media/..%2F..%2Fetc%2Fpasswd",
      "/media/..%2F..%2Fetc%2Fpasswd?w=320",
      `/media/uploads%5C${key.replace("uploads/", "")}`,
      "/media/uploads/%00.webp",
      "/media//uploads/x.webp",
    ]) {
      expect((await request(second.app).get(refused)).status, refused).toBe(404)
    }
    const width = await request(second.app).get(`${url}?w=123`)
    expect(width.status).toBe(400)
    expect(width.body).toEqual({ error: "w must be one of 320, 480, 800", message: "w must be one of 320, 480, 800", code: "bad_request" })
    expect((await request(second.app).get("/media/videos/walk.mp4?w=320")).status).toBe(404)
  })

  it("serves what Medusa's S3 provider stored (its own folder, a name with spaces) and makes its variants", async () => {
    const key = `medusa/Front view-${Date.now()}.png`
    await bucket.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: await picture(900, 900), ContentType: "image/png" }))
    const url = `/media/${key.split("/").map(encodeURIComponent).join("/")}`

    const original = await request(second.app).get(url)
    expect(original.status).toBe(200)
    expect(original.headers["content-type"]).toBe("image/png")
    const variant = await bytes(request(second.app).get(`${url}?w=800`))
    expect(variant.status).toBe(200)
    expect(await sharp(variant.body as Buffer).metadata()).toMatchObject({ format: "webp", width: 800 })
    expect(await inBucket(`.variants/800/${key}.webp`)).toBe(true)
  })
})

/** Puts an object in the bucket as another writer would (Medusa, a backup, another app), with its stored type. */
const stored = (key: string, body: Buffer, type: string) => bucket.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body, ContentType: type }))

/** Writes a file into the disk-kept BFF's media folder. */
async function onDiskFile(key: string, body: Buffer) {
  await mkdir(path.dirname(path.join(diskDir, key)), { recursive: true })
  await writeFile(path.join(diskDir, key), body)
}

describe("/media serves only the shop's own pictures and videos", () => {
  it("answers 404 for any object outside the shop's folders, a real picture included, with or without ?w=", async () => {
    const png = await picture(400, 400)
    for (const key of ["exports/catalogue.png", "backups/x.webp", "medusa-private/x.png", "root-level.png"]) {
      await stored(key, png, "image/png")
      for (const url of [`/media/${key}`, `/media/${key}?w=320`]) {
        const response = await request(second.app).get(url)
        expect(response.status, url).toBe(404)
        expect(response.headers["content-type"], url).toMatch(/^application\/json/)
      }
    }
  })

  it("answers 404 for what is not a picture or a video in the shop's folders: Medusa's CSV export, a page, an SVG, a lying name", async () => {
    const page = Buffer.from("<html><body><form action='https://evil.example'></form></body></html>")
    const objects: [string, Buffer, string][] = [
      [`medusa/product-exports-${Date.now()}.csv`, Buffer.from("id,title\nprod_1,Hoodie\n"), "text/csv"],
      [`medusa/private-${Date.now()}.json`, Buffer.from("{}"), "application/json"],
      [`uploads/${Date.now()}.html`, page, "text/html"],
      // Its name says picture; what it was stored as says otherwise, and that is what a browser would be told.
      [`uploads/${Date.now()}-page.webp`, page, "text/html"],
      [`products/${Date.now()}.svg`, Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"), "image/svg+xml"],
      [`videos/${Date.now()}.bin`, Buffer.from("bytes"), "application/octet-stream"],
    ]
    for (const [key, body, type] of objects) {
      await stored(key, body, type)
      const response = await request(second.app).get(`/media/${key}`)
      expect(response.status, key).toBe(404)
      expect(response.text, key).not.toContain("evil.example")
    }
    // A picture and a video stored there are served with their stored type.
    await stored("videos/clip.mp4", Buffer.from("not really a video, but stored as one"), "video/mp4")
    const video = await request(second.app).get("/media/videos/clip.mp4")
    expect(video.status).toBe(200)
    expect(video.headers["content-type"]).toBe("video/mp4")
  })

  it("keeps to the same folders and types on this host's disk", async () => {
    const png = await picture(300, 300)
    await onDiskFile("uploads/look.png", png)
    await onDiskFile("exports/look.png", png)
    await onDiskFile("uploads/notes.html", Buffer.from("<html></html>"))
    await onDiskFile("uploads/data.csv", Buffer.from("a,b\n"))
    await onDiskFile("uploads/noname", png)
    const served = await request(onDisk.app).get("/media/uploads/look.png")
    expect(served.status).toBe(200)
    expect(served.headers["content-type"]).toBe("image/png")
    for (const url of [
      "/media/exports/look.png",
      "/media/exports/look.png?w=320",
      "/media/uploads/notes.html",
      "/media/uploads/data.csv",
      "/media/uploads/noname",
    ]) {
      expect((await request(onDisk.app).get(url)).status, url).toBe(404)
    }
  })

  it("sends every answer, a picture or a 404, with nosniff and a policy that forbids forms", async () => {
    const { url } = await uploadedPicture()
    for (const [app, path] of [
      [second, url],
      [second, `${url}?w=320`],
      [second, "/media/exports/none.png"],
      [onDisk, "/media/uploads/none.png"],
    ] as const) {
      const response = await request(app.app).get(path)
      expect(response.headers["x-content-type-options"], path).toBe("nosniff")
      expect(response.headers["content-security-policy"], path).toBe(MEDIA_POLICY)
      expect(String(response.headers["content-security-policy"]).split("; "), path).toContain("form-action 'none'")
    }
  })
})
