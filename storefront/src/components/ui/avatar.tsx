import type { User } from "@fitshop/contracts"

type AvatarProps = {
  user: Pick<User, "name" | "handle" | "avatarUrl">
  /** Width and height in CSS pixels. */
  size?: number
  className?: string
}

/** A person's round picture, or the first letter of their name when they have none. */
export function Avatar({ user, size = 72, className }: AvatarProps) {
  const classes = (base: string) => (className ? `${base} ${className}` : base)
  return user.avatarUrl ? (
    <img className={classes("avatar")} src={user.avatarUrl} alt="" width={size} height={size} />
  ) : (
    <span className={classes("avatar avatar--initial")} aria-hidden="true">
      {(user.name || user.handle || "?").charAt(0).toUpperCase()}
    </span>
  )
}
