import path from "node:path"
import { fileURLToPath } from "node:url"
import { ESLint } from "eslint"
import { beforeAll, describe, expect, it } from "vitest"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")

/**
 * The repository's lint config, on planted sources that exist only in memory: the rules that need type information
 * are off (they need the file in a tsconfig), the import floors are the config's own.
 */
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: { "@typescript-eslint/no-floating-promises": "off", "@typescript-eslint/no-misused-promises": "off" },
  },
})

async function restrictedImports(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const planted = emulators\n`, { filePath: path.join(ROOT, file) })
  expect(result!.messages.filter((message) => message.fatal)).toEqual([])
  return result!.messages.filter((message) => message.ruleId === "no-restricted-imports").map((message) => message.message)
}

describe("the emulators' floor (eslint.config.js)", () => {
  // Loading the config and its plugins takes seconds on a busy machine; the checks after it take milliseconds.
  beforeAll(() => eslint.calculateConfigForFile(path.join(ROOT, "bff/src/app.ts")), 60_000)

  it.each([
    ["bff/src/app.ts", 'import { emulatorRoutes as emulators } from "@fitshop/emulators"'],
    ["bff/src/serve.ts", 'import { emulatorRoutes as emulators } from "../../emulators/src/index.js"'],
    ["bff/src/main.ts", 'import * as emulators from "@fitshop/emulators/src/razorpay/index.js"'],
    ["bff/src/lib/planted.ts", 'import { emulatorRoutes as emulators } from "../../../emulators/src/index.js"'],
    ["bff/src/http/planted.ts", 'import { emulatorRoutes as emulators } from "@fitshop/emulators"'],
    ["bff/src/features/checkout/planted.ts", 'import { razorpayEmulator as emulators } from "../../../../emulators/src/razorpay/index.js"'],
    ["bff/src/features/checkout/planted.test.ts", 'import { shiprocketEmulator as emulators } from "@fitshop/emulators"'],
  ])("refuses a planted import of the emulators in %s", async (file, source) => {
    expect(await restrictedImports(file, source)).toEqual([expect.stringMatching(/emulators/)])
  })

  it.each([
    ["bff/test/planted.ts", 'import { emulatorRoutes as emulators } from "@fitshop/emulators"'],
    ["emulators/src/planted.ts", 'import { serveBff as emulators } from "../../bff/src/serve.js"'],
  ])("lets the dev side import them: %s", async (file, source) => {
    expect(await restrictedImports(file, source)).toEqual([])
  })
})
