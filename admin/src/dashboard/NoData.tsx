import { Typography } from "@mui/material"

/** The spec's empty state for a dashboard chart or list. */
export const NoData = () => <Typography color="text.secondary">No data available.</Typography>
