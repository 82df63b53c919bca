import http, { type IncomingMessage, type RequestListener } from "node:http"
import request from "supertest"

/** A route of the real app as its Express router holds it: method, full path pattern and its handlers' names. */
export type AppRoute = { method: string; path: string; handlers: string[] }

type Handler = { name: string; stack?: Layer[] }
type Layer = {
  rawPath?: unknown
  handle: Handler
  route?: { path: unknown; methods: Record<string, boolean>; stack: { handle: Handler }[] }
}

/** The Express app behind the BFF's listener: Express hands every request it dispatches its app as `req.app`. */
async function expressRouterOf(listener: RequestListener): Promise<{ stack: Layer[] }> {
  let app: unknown
  const server = http.createServer(listener).on("request", (req: IncomingMessage & { app?: unknown }) => {
    app ??= req.app
  })
  await request(server).options("/api")
  const router = (app as { router?: { stack?: Layer[] } } | undefined)?.router
  if (!Array.isArray(router?.stack)) throw new Error("could not reach the Express router behind the app")
  return { stack: router.stack }
}

function pathsOf(path: unknown): string[] {
  const paths: unknown[] = Array.isArray(path) ? path.flat(Infinity) : [path]
  return paths.map((each) => {
    if (typeof each !== "string") throw new Error(`a route path that is not a string (${String(each)}): a test can't tell where it answers`)
    return each === "/" ? "" : each
  })
}

function* routesIn(stack: Layer[], prefix: string): Generator<AppRoute> {
  for (const layer of stack) {
    if (layer.route) {
      const handlers = layer.route.stack.map((step) => step.handle.name)
      for (const path of pathsOf(layer.route.path)) {
        for (const method of Object.keys(layer.route.methods)) yield { method: method === "_all" ? "GET" : method.toUpperCase(), path: prefix + path, handlers }
      }
    } else if (Array.isArray(layer.handle.stack)) {
      for (const mount of pathsOf(layer.rawPath ?? "/")) yield* routesIn(layer.handle.stack, prefix + mount)
    }
  }
}

/** Every route of the app, found in its Express router, so routes added later are seen without anyone listing them. */
export async function appRoutes(listener: RequestListener): Promise<AppRoute[]> {
  return [...routesIn((await expressRouterOf(listener)).stack, "")]
}
