/** FITFEED's public face: what other features may use of it. */
export { fitfeedRoutes, postIdOf, sendJson } from "./routes.js"
