import { spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { copyFile, mkdir, readFile, readlink, rename, symlink } from "node:fs/promises"
import path from "node:path"
import { assignments, expandVariables, parseStages, words, type Stage } from "./dockerfile.js"
import { contextFiles, parseDockerignore } from "./dockerignore.js"

/**
 * Builds a Dockerfile without a daemon: each stage is a folder standing for the image's root filesystem, filled by
 * the COPY lines from the build context exactly as .dockerignore leaves it (or from an earlier stage's folder), and
 * its RUN steps run there with the stage's ENV and ARG values. It runs on this machine's Node and tools, not the
 * base image's, and what needs the image's users or root (`chown`) is left to the image.
 */

export type StageResult = {
  name: string
  /** The folder standing for the image's root. */
  root: string
  workdir: string
  env: Record<string, string>
  /** Each RUN step as run, with how long it took. */
  steps: { command: string; seconds: number }[]
  output: string
}

export type BuildOptions = {
  /** The repository: the build context, with its .dockerignore. */
  context: string
  dockerfile: string
  /** An empty folder for the stages. */
  into: string
  /** Environment every step starts from (the base image's, less what this machine needs: PATH, HOME for npm's cache). */
  baseEnv: Record<string, string>
  /**
   * A node_modules to start the Dockerfile's install from (hard links, as `cp -al`), for speed: the install still runs
   * and makes the tree what the lockfile says, failing as the image's would when package.json and the lockfile disagree.
   */
  seedNodeModules?: string
}

/** Runs `command` with `sh -c`, failing with its output's end when it fails. */
export function shell(command: string, cwd: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("sh", ["-c", command], { cwd, env, stdio: ["ignore", "pipe", "pipe"] })
    const output: Buffer[] = []
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk))
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk))
    child.on("error", reject)
    child.on("close", (code) => {
      const text = Buffer.concat(output).toString("utf8")
      if (code === 0) resolve(text)
      else reject(new Error(`\`${command}\` in ${cwd} exited with ${code}:\n${text.slice(-6000)}`))
    })
  })
}

/** A folder's files, hard-linked into another (as image layers share unchanged files); symbolic links stay links. */
const linkTree = (from: string, to: string) => shell(`mkdir -p "${path.dirname(to)}" && cp -al "${from}" "${to}"`, "/", { PATH: process.env.PATH ?? "" })

/**
 * `from` hard-linked into `to`, less npm's record of the tree (node_modules/.package-lock.json), which npm rewrites in
 * place: a copy of its own, so the install never writes into the folder it was seeded from.
 */
async function seed(from: string, to: string) {
  await linkTree(from, to)
  const record = path.join(to, ".package-lock.json")
  if (existsSync(record)) await copyFile(record, `${record}.copy`).then(() => rename(`${record}.copy`, record))
}

/** A path in the image (absolute, or relative to the working directory) as a path in the stage's folder. */
export const inStage = (stage: StageResult, imagePath: string) => path.join(stage.root, path.posix.resolve(stage.workdir, imagePath))

/**
 * An environment value with the image's absolute paths that exist in the stage (`/app/node_modules/.bin`,
 * `/data/media`) moved into the stage's folder; paths of the machine (`/usr/bin`) stay.
 */
function rooted(stage: StageResult, value: string): string {
  return value.replace(/(^|[:=\s])(\/[^:\s]*)/g, (whole, before: string, imagePath: string) => {
    const top = imagePath.split("/")[1]
    return top && existsSync(path.join(stage.root, top)) ? before + path.join(stage.root, imagePath) : whole
  })
}

/** The stage's environment as its steps see it. */
export const stageEnv = (stage: StageResult, base: Record<string, string>): Record<string, string> => ({
  ...base,
  ...Object.fromEntries(Object.entries(stage.env).map(([key, value]) => [key, rooted(stage, value)])),
})

/**
 * A RUN step made runnable in a folder: `chown` (the image's users do not exist here) is left out, and `mkdir` of an
 * absolute path makes it in the stage's folder. Any other absolute path would reach this machine: refused.
 */
function runnable(stage: StageResult, command: string): string {
  return command
    .split("&&")
    .map((part) => part.trim())
    .filter((part) => !part.startsWith("chown "))
    .map((part) => {
      if (part.startsWith("mkdir ")) return part.replace(/(\s)(\/\S*)/g, (_, space: string, dir: string) => `${space}${path.join(stage.root, dir)}`)
      if (/(^|\s)\/(?!dev\/null)/.test(part)) throw new Error(`this test cannot stage \`${part}\`: it names a path outside the stage`)
      return part
    })
    .join(" && ")
}

/** COPY from the build context: files and whole folders (their contents), as the context holds them. */
async function copyFromContext(stage: StageResult, context: string, files: string[], sources: string[], destination: string) {
  const many = sources.length > 1 || destination.endsWith("/")
  for (const source of sources) {
    const wanted = path.posix
      .normalize(source)
      .replace(/^\.\/?/, "")
      .replace(/\/$/, "")
    if (/[*?[]/.test(wanted)) throw new Error(`COPY ${source}: wildcards are not supported by this test`)
    const exact = files.includes(wanted)
    const under = wanted === "" ? files : files.filter((file) => file.startsWith(`${wanted}/`))
    if (!exact && under.length === 0) throw new Error(`COPY ${source}: not found in the build context (missing, or left out by .dockerignore)`)
    if (exact) {
      const target = inStage(stage, many ? path.posix.join(destination, path.posix.basename(wanted)) : destination)
      await copyEntry(path.join(context, wanted), target)
      continue
    }
    for (const file of under) await copyEntry(path.join(context, file), inStage(stage, path.posix.join(destination, file.slice(wanted.length))))
  }
}

async function copyEntry(from: string, to: string) {
  await mkdir(path.dirname(to), { recursive: true })
  const link = await readlink(from).catch(() => undefined)
  if (link === undefined) await copyFile(from, to)
  else await symlink(link, to)
}

/** Builds every stage in order; answers them by name (unnamed ones by position, the last is the image). */
export async function stagedBuild({ context, dockerfile, into, baseEnv, seedNodeModules }: BuildOptions): Promise<StageResult[]> {
  const stages = parseStages(await readFile(path.join(context, dockerfile), "utf8"))
  const ignorePath = path.join(context, ".dockerignore")
  const files = await contextFiles(context, existsSync(ignorePath) ? parseDockerignore(await readFile(ignorePath, "utf8")) : [])
  const built: StageResult[] = []
  for (const [index, stage] of stages.entries())
    built.push(await buildStage(stage, path.join(into, `${index}-${stage.name}`), built, { context, files, baseEnv, seedNodeModules }))
  return built
}

async function buildStage(
  stage: Stage,
  root: string,
  earlier: StageResult[],
  { context, files, baseEnv, seedNodeModules }: { context: string; files: string[]; baseEnv: Record<string, string>; seedNodeModules?: string },
): Promise<StageResult> {
  const parent = earlier.find((candidate) => candidate.name === stage.base)
  if (parent) await linkTree(parent.root, root)
  else await mkdir(root, { recursive: true })
  const result: StageResult = { name: stage.name, root, workdir: parent?.workdir ?? "/", env: { ...parent?.env }, steps: [], output: "" }
  const args: Record<string, string> = {}
  const expand = (value: string) => expandVariables(value, { ...baseEnv, ...result.env, ...args })
  for (const { keyword, flags, args: text, line } of stage.instructions) {
    const where = `${stage.name}, line ${line}`
    if (keyword === "WORKDIR") {
      result.workdir = path.posix.resolve(result.workdir, expand(text))
      await mkdir(inStage(result, "."), { recursive: true })
    } else if (keyword === "ENV") {
      for (const [key, value] of assignments(text, expand)) result.env[key] = value ?? ""
    } else if (keyword === "ARG") {
      for (const [key, value] of assignments(text, expand)) args[key] = value ?? ""
    } else if (keyword === "COPY") {
      const paths = words(text).map(expand)
      const destination = paths.pop()!
      if (flags.from === undefined) await copyFromContext(result, context, files, paths, destination)
      else {
        const source = earlier.find((candidate) => candidate.name === flags.from)
        if (!source) throw new Error(`${where}: COPY --from=${flags.from} names no earlier stage`)
        for (const from of paths) await linkTree(inStage(source, from), inStage(result, destination))
      }
    } else if (keyword === "RUN") {
      const command = runnable(result, text.startsWith("[") ? words(text).join(" ") : text)
      if (seedNodeModules && /\bnpm (install|ci)\b/.test(command) && !existsSync(inStage(result, "node_modules")))
        await seed(seedNodeModules, inStage(result, "node_modules"))
      const env = stageEnv(result, baseEnv)
      for (const [key, value] of Object.entries(args)) env[key] ??= value
      const started = Date.now()
      result.output += await shell(command, inStage(result, "."), env).catch((error: Error) => {
        throw new Error(`${where}: RUN failed\n${error.message}`)
      })
      result.steps.push({ command, seconds: (Date.now() - started) / 1000 })
    } else if (!["USER", "EXPOSE", "CMD", "ENTRYPOINT", "LABEL", "HEALTHCHECK", "STOPSIGNAL", "VOLUME"].includes(keyword)) {
      throw new Error(`${where}: ${keyword} is not supported by this test`)
    }
  }
  return result
}
