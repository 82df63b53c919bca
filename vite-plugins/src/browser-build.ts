import type { Plugin } from "vite"

/** Runs a plugin in a front end's browser build only: not the dev server, not the server render's build (`--ssr`). */
export const browserBuildOnly: Plugin["apply"] = (_config, { command, isSsrBuild }) => command === "build" && !isSsrBuild
