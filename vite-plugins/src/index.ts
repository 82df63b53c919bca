export { browserBuildOnly } from "./browser-build.js"
export { precompress } from "./precompress.js"
