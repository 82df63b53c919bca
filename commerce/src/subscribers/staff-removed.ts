import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { notifyStaffRemoved } from "../lib/notify-bff"

/** An admin user deleted in the dashboard: the BFF ends their console sessions and takes the role at once. */
export default async function staffRemoved({ event, container }: SubscriberArgs<{ id: string }>) {
  await notifyStaffRemoved(container, event.data.id)
}

export const config: SubscriberConfig = { event: "user.deleted" }
