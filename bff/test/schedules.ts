import type { ShopApp } from "../src/app.js"

/** Runs one round of the app's schedule of that name now, as its timer would (without the round's lock); answers what it answers. */
export async function runSchedule(app: ShopApp, name: string): Promise<unknown> {
  const schedule = app.background.schedules.find((declared) => declared.name === name)
  if (!schedule) throw new Error(`the app has no schedule named "${name}"`)
  return schedule.run()
}
