import { serveBff } from "../../bff/src/serve.js"
import { emulatorRoutes } from "./index.js"

// The BFF as development runs it (npm start, npm run dev, the journeys, the bench): its routes and the emulators'.
void serveBff({ extraRoutes: emulatorRoutes })
