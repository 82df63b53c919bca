/** What a screen shows while its code is still downloading (the first visit to a lazily loaded route). */
export function RouteLoading() {
  return (
    <div className="page route-loading" role="status" aria-live="polite">
      <span className="visually-hidden">Loading…</span>
    </div>
  )
}
