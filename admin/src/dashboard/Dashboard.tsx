import type { CSSProperties } from "react"

const pageStyle: CSSProperties = { padding: "1.5rem 0" }

/** The dashboard's figures arrive with the analytics issue; until then it shows only its heading. */
export function Dashboard() {
  return (
    <section style={pageStyle}>
      <h1>Admin Dashboard</h1>
    </section>
  )
}
