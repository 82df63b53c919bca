import { useState } from "react"
import { formatShortDate } from "@/lib/dates"

const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
/** Spec section 9: days are counted under 30 days; older posts show their date. */
const DAYS_SHOWN = 30

/** "12s ago", "5m ago", "3h ago", "2d ago", then the date ("14 Mar 2025"); a future time counts as now. */
export function formatTimeAgo(iso: string, now: number): string {
  const time = Date.parse(iso)
  if (!Number.isFinite(time)) return ""
  const seconds = Math.max(0, Math.floor((now - time) / 1000))
  if (seconds < MINUTE) return `${String(seconds)}s ago`
  if (seconds < HOUR) return `${String(Math.floor(seconds / MINUTE))}m ago`
  if (seconds < DAY) return `${String(Math.floor(seconds / HOUR))}h ago`
  if (seconds < DAYS_SHOWN * DAY) return `${String(Math.floor(seconds / DAY))}d ago`
  return formatShortDate(time)
}

/** A time-ago label measured from when the component first rendered. */
export function TimeAgo({ iso, className }: { iso: string; className?: string }) {
  const [now] = useState(Date.now)
  return (
    <time className={className} dateTime={iso}>
      {formatTimeAgo(iso, now)}
    </time>
  )
}
