import { defineConfig, loadEnv } from "@medusajs/framework/utils"
import { databaseDriverOptions } from "./src/lib/database-tls"
import { eventBusJobOptions, workflowQueueOptions } from "./src/lib/queue-retention"
import { requiredSecret } from "./src/lib/secrets"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

const redisUrl = process.env.REDIS_URL || undefined

/** Redis-backed infrastructure modules; without REDIS_URL Medusa falls back to its in-memory ones. */
const redisModules = redisUrl
  ? [
      { resolve: "@medusajs/medusa/cache-redis", options: { redisUrl } },
      // Done jobs leave Redis at once and failed ones after a week (src/lib/queue-retention.ts): the Redis never evicts.
      { resolve: "@medusajs/medusa/event-bus-redis", options: { redisUrl, jobOptions: eventBusJobOptions } },
      { resolve: "@medusajs/medusa/workflow-engine-redis", options: { redis: { redisUrl, queueOptions: workflowQueueOptions } } },
      {
        resolve: "@medusajs/medusa/locking",
        options: {
          providers: [
            {
              resolve: "@medusajs/medusa/locking-redis",
              id: "locking-redis",
              is_default: true,
              options: { redisUrl },
            },
          ],
        },
      },
    ]
  : []

/**
 * Medusa's response caching (the Caching Module, behind its MEDUSA_FF_CACHING feature flag). Off by
 * default: the shop reads the catalogue through the BFF's read model; `npm run bench` switches it on
 * to measure Medusa at its best.
 */
const cachingModules =
  redisUrl && process.env.MEDUSA_FF_CACHING === "true"
    ? [
        {
          resolve: "@medusajs/medusa/caching",
          options: { providers: [{ resolve: "@medusajs/medusa/caching-redis", id: "caching-redis", is_default: true, options: { redisUrl } }] },
        },
      ]
    : []

/**
 * Payments are taken by the BFF (Razorpay) or the courier (cash on delivery); these providers record
 * them in Medusa as pp_razorpay_razorpay and pp_cod_cod. Medusa's pp_system_default stays registered.
 */
const paymentModule = {
  resolve: "@medusajs/medusa/payment",
  options: {
    providers: [
      { resolve: "./src/modules/razorpay-payment", id: "razorpay" },
      { resolve: "./src/modules/cod-payment", id: "cod" },
    ],
  },
}

const s3Bucket = process.env.S3_BUCKET || undefined

/**
 * With S3_BUCKET, files uploaded through Medusa go to the bucket the BFF serves at /media (the S3_* settings are the
 * BFF's). Their URLs are /media/medusa/… paths, like the seed's /media/products/… ones: the shop serves them with
 * their ?w= variants, and this server sends the dashboard's requests for them on to the shop (src/api/middlewares.ts).
 * Objects get no ACL (buckets with ACLs disabled refuse one) and stay private: only the BFF reads them.
 * Without S3_BUCKET, Medusa's default local file module is kept.
 */
const fileModules = s3Bucket
  ? [
      {
        resolve: "@medusajs/medusa/file",
        options: {
          providers: [
            {
              resolve: "@medusajs/medusa/file-s3",
              id: "s3",
              options: {
                file_url: "/media",
                prefix: "medusa/",
                bucket: s3Bucket,
                region: process.env.S3_REGION || "us-east-1",
                endpoint: process.env.S3_ENDPOINT || undefined,
                access_key_id: process.env.S3_ACCESS_KEY_ID,
                secret_access_key: process.env.S3_SECRET_ACCESS_KEY,
                acl: false,
                cache_control: "public, max-age=604800",
                additional_client_config: { forcePathStyle: ["true", "1"].includes(process.env.S3_FORCE_PATH_STYLE ?? "") },
              },
            },
          ],
        },
      },
    ]
  : []

const backendUrl = process.env.MEDUSA_BACKEND_URL || "http://localhost:9000"
// The local demo serves the dashboard over plain http on localhost; a Secure cookie would never come back.
const cookieOptions = /^http:\/\/(localhost|127\.0\.0\.1)(:|\/|$)/.test(backendUrl) ? { secure: false, sameSite: "lax" as const } : undefined

const internalCors = process.env.INTERNAL_CORS || "http://localhost:8080,http://127.0.0.1:8080"
const adminCors = process.env.ADMIN_CORS || "http://localhost:9000,http://127.0.0.1:9000"

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    databaseDriverOptions: databaseDriverOptions(process.env.DATABASE_URL),
    redisUrl,
    cookieOptions,
    workerMode: (process.env.MEDUSA_WORKER_MODE as "shared" | "worker" | "server") || "shared",
    http: {
      storeCors: process.env.STORE_CORS || internalCors,
      adminCors,
      authCors: process.env.AUTH_CORS || `${internalCors},${adminCors}`,
      jwtSecret: requiredSecret(process.env, "JWT_SECRET", "dev-only-jwt-secret"),
      cookieSecret: requiredSecret(process.env, "COOKIE_SECRET", "dev-only-cookie-secret"),
    },
  },
  admin: {
    disable: process.env.DISABLE_ADMIN === "true" || process.env.MEDUSA_WORKER_MODE === "worker",
    backendUrl,
  },
  modules: [paymentModule, ...redisModules, ...cachingModules, ...fileModules],
})
