const MAX_STARS = 5

/** Stars filled to the nearest whole one, named for screen readers with the figure itself ("4.3 out of 5 stars"). */
export function Stars({ value, label }: { value: number; label?: string }) {
  const filled = Math.round(value)
  return (
    <span className="stars" role="img" aria-label={label ?? `${String(value)} out of ${String(MAX_STARS)} stars`}>
      <span aria-hidden="true">
        <span className="stars__on">{"★".repeat(filled)}</span>
        <span className="stars__off">{"★".repeat(MAX_STARS - filled)}</span>
      </span>
    </span>
  )
}
