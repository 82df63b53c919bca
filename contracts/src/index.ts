/** What two parts of the shop must agree on, consumed as TypeScript source (no build step). */
export * from "./sizes.js"
export * from "./measurements.js"
export * from "./password.js"
export * from "./product-id.js"
export * from "./server-answers.js"
export * from "./image-sizes.js"
export * from "./address.js"
export * from "./handle.js"
