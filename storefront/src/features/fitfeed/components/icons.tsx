import { HeartIcon as SharedHeartIcon } from "@/components/ui/heart-icon"

// Decorative icons of the post card; the buttons around them carry the names.

/** The post card's heart: the shop's heart at the card's size. */
export const HeartIcon = ({ filled }: { filled: boolean }) => <SharedHeartIcon filled={filled} size={22} />

export function CommentIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d="M4 5.5h16v10H9l-5 4z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </svg>
  )
}
