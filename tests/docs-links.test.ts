import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { ROOT } from "../scripts/lib/paths.js"

const README = path.join(ROOT, "README.md")
const DOCS = path.join(ROOT, "docs")
const README_LIMIT_BYTES = 25_000

const pages = [README, ...(existsSync(DOCS) ? readdirSync(DOCS).filter((name) => name.endsWith(".md")) : []).map((name) => path.join(DOCS, name))]
const relative = (file: string) => path.relative(ROOT, file)

/** The page's prose: fenced blocks and inline code hold examples, not links. */
const prose = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "")

/** Every `[text](target)` of a page; a link to the web or a mail address is not a repository path. */
function linksOf(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map(([, target = ""]) => target)
    .filter((target) => !/^(https?:|mailto:)/.test(target))
}

/** The anchors a page's headings get on GitHub: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const withoutFences = markdown.replace(/^```[\s\S]*?^```/gm, "")
  for (const [, heading = ""] of withoutFences.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-")
    let anchor = slug
    for (let n = 1; anchors.has(anchor); n++) anchor = `${slug}-${n}`
    anchors.add(anchor)
  }
  return anchors
}

/** What is wrong with one link of a page, or undefined when it leads to a file (and heading) of this repository. */
function brokenLink(page: string, target: string): string | undefined {
  const [pathPart = "", anchor] = target.split("#", 2)
  const file = pathPart === "" ? page : path.resolve(path.dirname(page), decodeURIComponent(pathPart))
  if (path.relative(ROOT, file).startsWith("..")) return "leads outside the repository"
  if (!existsSync(file)) return "names no file of the repository"
  if (anchor === undefined || statSync(file).isDirectory()) return undefined
  if (!file.endsWith(".md")) return "has an anchor into a file that is not markdown"
  return headingAnchors(readFileSync(file, "utf8")).has(anchor) ? undefined : `names no heading of ${relative(file)}`
}

describe("README and docs/", () => {
  it("keep README a front door under 25 KB", () => {
    expect(statSync(README).size).toBeLessThan(README_LIMIT_BYTES)
  })

  it("link only to files and headings that exist in the repository", () => {
    const broken = pages.flatMap((page) =>
      linksOf(readFileSync(page, "utf8")).flatMap((target) => {
        const problem = brokenLink(page, target)
        return problem ? [`${relative(page)}: (${target}) ${problem}`] : []
      }),
    )
    expect(broken).toEqual([])
    expect(pages.length).toBeGreaterThan(1)
  })

  it("never point at ../shared, which a clone does not have", () => {
    const pointing = pages.filter((page) => readFileSync(page, "utf8").includes("../shared")).map(relative)
    expect(pointing).toEqual([])
  })
})

describe("headingAnchors", () => {
  it("makes GitHub's anchors, numbering repeats and ignoring fenced blocks", () => {
    const anchors = headingAnchors(
      "# Orders and money\n## What `npm start` does\n```\n# not a heading\n```\n## Notes\n## Notes\n### Drop (`scripts/bench/drop.ts`, `BENCH_ONLY=drop`)\n",
    )
    expect([...anchors]).toEqual(["orders-and-money", "what-npm-start-does", "notes", "notes-1", "drop-scriptsbenchdropts-bench_onlydrop"])
  })
})
