import { Card, CardContent, Typography } from "@mui/material"
import type { ReactNode } from "react"

/** A titled dashboard panel. */
export function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <div style={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 8, flexWrap: "wrap" }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {action}
        </div>
        {children}
      </CardContent>
    </Card>
  )
}
