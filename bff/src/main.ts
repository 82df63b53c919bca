import { serveBff } from "./serve.js"

// The production BFF: its own routes only. Development starts emulators/src/main.ts, which mounts the emulators too.
void serveBff()
