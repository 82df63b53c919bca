export { Dashboard } from "./Dashboard"
