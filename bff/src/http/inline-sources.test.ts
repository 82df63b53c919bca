import { createHash } from "node:crypto"
import { describe, expect, it } from "vitest"
import { inlineSourcesOf } from "./inline-sources.js"

const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`

describe("inlineSourcesOf", () => {
  it("names each inline script and stylesheet by the hash of its exact text", () => {
    const page = `<html><head><style>body{margin:0}</style><script>start()</script></head>
      <body><div id="root"></div><script>
  later()
</script></body></html>`
    expect(inlineSourcesOf(page)).toEqual({ script: [hash("start()"), hash("\n  later()\n")], style: [hash("body{margin:0}")] })
  })

  it("leaves out scripts loaded by address and data blocks, which the browser never runs", () => {
    const page = `<script type="module" crossorigin src="/assets/index.js"></script>
      <script type="application/json" id="server-answers">{"a":1}</script>
      <script type="application/ld+json">{"@type":"Product"}</script>`
    expect(inlineSourcesOf(page)).toEqual({ script: [], style: [] })
  })

  it("names nothing for a page with nothing inline", () => {
    expect(inlineSourcesOf('<link rel="stylesheet" href="/a.css"><div id="root"></div>')).toEqual({ script: [], style: [] })
  })
})
