import { z } from "zod"

// zod compiles its object parsers with `new Function` and probes for it as each schema is built; the
// console's Content Security Policy forbids eval, and the browser reports even the probe. Imported first.
z.config({ jitless: true })
