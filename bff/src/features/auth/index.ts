/** The shop's sign-in's public face: what the console's sign-in (staff-auth) shares with it. */
export { answerSignedIn, authRoutes, loginLimits, requestMeta } from "./routes.js"
