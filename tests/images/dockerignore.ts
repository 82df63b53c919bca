import { lstat, readdir } from "node:fs/promises"
import path from "node:path"

/** One line of a .dockerignore: a path pattern, or with a leading `!` an exception to the lines before it. */
export type IgnorePattern = { source: string; exception: boolean; regex: RegExp }

const ESCAPED = new Set([".", "+", "(", ")", "|", "{", "}", "$", "^"])

/**
 * A pattern as Docker reads it (moby/patternmatcher): `**` any number of folders (none included), `*` anything
 * within one path segment, `?` one character of one, `[...]` a class, `\` the next character literally.
 */
function patternRegex(pattern: string): RegExp {
  let regex = "^"
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!
    if (ch === "*" && pattern[i + 1] === "*") {
      i++
      if (pattern[i + 1] === "/") i++
      regex += i === pattern.length - 1 ? ".*" : "(.*/)?"
    } else if (ch === "*") regex += "[^/]*"
    else if (ch === "?") regex += "[^/]"
    else if (ch === "\\" && i + 1 < pattern.length) regex += `\\${pattern[++i]!}`
    else if (ESCAPED.has(ch)) regex += `\\${ch}`
    else regex += ch
  }
  return new RegExp(`${regex}$`)
}

/** `path.posix.normalize` without the trailing slash, and without a leading one: patterns are relative to the context. */
function cleanPattern(pattern: string): string {
  const cleaned = path.posix.normalize(pattern).replace(/\/+$/, "")
  return cleaned.length > 1 ? cleaned.replace(/^\/+/, "") : cleaned
}

export function parseDockerignore(text: string): IgnorePattern[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const exception = line.startsWith("!")
      const source = cleanPattern(exception ? line.slice(1).trim() : line)
      return { source, exception, regex: patternRegex(source) }
    })
}

/**
 * Whether Docker leaves `file` (relative to the context, `/`-separated) out: every pattern is tried in order on the
 * path and on each of its parent folders, and the last one that matches decides.
 */
export function isIgnored(file: string, patterns: IgnorePattern[]): boolean {
  const parents = file.split("/").slice(0, -1)
  let ignored = false
  for (const pattern of patterns) {
    // An exclusion can only change a path not yet excluded, an exception one that is.
    if (pattern.exception !== ignored) continue
    const matches = pattern.regex.test(file) || parents.some((_, i) => pattern.regex.test(parents.slice(0, i + 1).join("/")))
    if (matches) ignored = !pattern.exception
  }
  return ignored
}

/**
 * Every file and symbolic link Docker sends as the build context from `root`, relative and `/`-separated. An ignored
 * folder is not entered unless an exception could bring something in it back, as Docker does.
 */
export async function contextFiles(root: string, patterns: IgnorePattern[]): Promise<string[]> {
  const hasExceptions = patterns.some((pattern) => pattern.exception)
  const files: string[] = []
  const visit = async (relative: string) => {
    for (const entry of await readdir(path.join(root, relative), { withFileTypes: true })) {
      const name = relative ? `${relative}/${entry.name}` : entry.name
      const ignored = isIgnored(name, patterns)
      if (entry.isDirectory()) {
        if (!ignored || hasExceptions) await visit(name)
      } else if (!ignored && (entry.isFile() || (await lstat(path.join(root, name))).isSymbolicLink())) files.push(name)
    }
  }
  await visit("")
  return files.sort()
}
