const counts = new Intl.NumberFormat("en-IN")

/** Whole counts with Indian digit grouping (1,23,456); money goes through contracts' formatPaise. */
export const formatCount = (value: number): string => counts.format(value)
