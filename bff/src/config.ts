import path from "node:path"
import { fileURLToPath } from "node:url"
import { z } from "zod"

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..")

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .pipe(z.url().optional())

const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  PUBLIC_URL: z.url().default("http://localhost:8080"),
  DATABASE_URL: z.string({ message: "is required" }).refine((url) => /^postgres(ql)?:\/\/[^\s]+$/.test(url), "must be a postgres:// URL"),
  REDIS_URL: optionalUrl.optional(),
  MEDUSA_URL: z.url().default("http://127.0.0.1:9000"),
  MEDUSA_PUBLISHABLE_KEY: z.string().startsWith("pk_").optional(),
  MEDIA_DIR: z.string().min(1).default(path.join(repoRoot, "var", "media")),
  STOREFRONT_DIST: z.string().min(1).default(path.join(repoRoot, "storefront", "dist")),
  ADMIN_DIST: z.string().min(1).default(path.join(repoRoot, "admin", "dist")),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
})

export type Config = z.infer<typeof configSchema>

export class ConfigError extends Error {}

/** Parses the environment; the error names every wrong or missing variable on one line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env)
  if (result.success) return result.data
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join(".")
    return `${name} ${env[name] === undefined ? "is required" : issue.message}`
  })
  throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`)
}
