import { readFile } from "node:fs/promises"
import { fileURLToPath } from "node:url"
import type { Plugin } from "vite"
import { browserBuildOnly } from "#vite-plugins"

const LOADER = fileURLToPath(new URL("./app-loader.js", import.meta.url))
const FIRST_TAP_QUEUE = fileURLToPath(new URL("./first-tap-queue.js", import.meta.url))

/** The loader's placeholder for the app's files; the build fails if it goes missing. */
const PLACEHOLDER = 'const APP = { entry: "", preload: [] }'

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g
const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/

/** An inline script's source without its comment lines. */
const withoutComments = (code: string) =>
  code
    .split("\n")
    .filter((line) => !/^\s*(\/\/|\/\*)/.test(line))
    .join("\n")
    .trim()

/** The loader's source with the entry and its static imports filled in, without its comments. */
export async function appLoaderSource(entry: string, preload: string[]): Promise<string> {
  const template = await readFile(LOADER, "utf8")
  if (!template.includes(PLACEHOLDER)) throw new Error(`${LOADER} lost its placeholder: ${PLACEHOLDER}`)
  return withoutComments(template).replace(PLACEHOLDER, `const APP = ${JSON.stringify({ entry, preload })}`)
}

/** The tap queue's source without its comments or indentation (it is sent with every page). */
export async function firstTapQueueSource(): Promise<string> {
  return withoutComments(await readFile(FIRST_TAP_QUEUE, "utf8"))
    .split("\n")
    .map((line) => line.trim())
    .join("\n")
}

/**
 * index.html as the browser gets it: the stylesheet `cssOf` reads inline, the tap queue at the end of the head (it
 * listens before any button is painted), and the entry script and its module preloads replaced by the loader at the
 * end of the body.
 */
export async function paintFirstHtml(html: string, cssOf: (fileName: string) => string | undefined): Promise<string> {
  const entry = ENTRY_SCRIPT.exec(html)
  const stylesheet = STYLESHEET.exec(html)
  if (!entry || !stylesheet) throw new Error("paint-first: the built index.html has no entry script or stylesheet where expected")
  const css = cssOf(stylesheet[1]!)
  if (css === undefined) throw new Error(`paint-first: ${stylesheet[1]} is not in the build`)
  const preload = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!)
  const loader = await appLoaderSource(entry[1]!, preload)
  const tapQueue = await firstTapQueueSource()
  return html
    .replace(ENTRY_SCRIPT, "")
    .replace(MODULE_PRELOAD, "")
    .replace(stylesheet[0], () => `<style>${css}</style>`)
    .replace("</head>", () => `  <script>${tapQueue}</script>\n  </head>`)
    .replace("</body>", () => `  <script>${loader}</script>\n  </body>`)
}

/**
 * The page paints from its own HTML: the first page's stylesheet (~7 KB compressed) goes inline instead of costing a
 * round trip before anything shows, and the app's JavaScript is started by app-loader.js once the server's page is
 * on screen instead of by a module script in the head (Lighthouse's mobile run: the largest paint 1.9–2.4 s with
 * the script in the head, 1.1 s with the loader). The BFF allows exactly these inline elements by their hashes
 * (bff/src/http/inline-sources.ts).
 */
export function paintFirst(): Plugin {
  return {
    name: "fitshop-paint-first",
    apply: browserBuildOnly,
    transformIndexHtml: {
      order: "post",
      handler: (html, { bundle }) =>
        paintFirstHtml(html, (fileName) => {
          const asset = bundle?.[fileName]
          if (asset?.type !== "asset") return undefined
          return typeof asset.source === "string" ? asset.source : new TextDecoder().decode(asset.source)
        }),
    },
  }
}
