import { searchPath, type SearchedQuery } from "@fitshop/contracts"
import { Alert, Box, Card, CardContent, Link, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from "@mui/material"
import { useState, type ReactNode } from "react"
import { formatCount } from "../lib/counts"
import { failureText } from "../lib/failure-text"
import { DEFAULT_SEARCH_PERIOD, SEARCH_PERIODS, useSearchQueries, type SearchPeriod } from "./use-search-queries"

// The console's times are India's, wherever the member of staff is.
const indiaTime = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" })

const grid = { display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" }, alignItems: "start" }

const isSearchPeriod = (value: number): value is SearchPeriod => SEARCH_PERIODS.some((days) => days === value)

// With no searches at all, "every search found something" would be true but say the wrong thing.
const NO_SEARCHES = "No searches in this period yet."

type Column = { label: string; numeric?: boolean; cell: (row: SearchedQuery) => ReactNode }

/** The query as a link to the shop's search page for it (the shop shares the console's origin), in a new tab. */
const searchLink = ({ query }: SearchedQuery) => (
  <Link href={searchPath(query)} target="_blank" rel="noreferrer">
    {query}
  </Link>
)

const SEARCH: Column = { label: "Search", cell: searchLink }
const SEARCHES: Column = { label: "Searches", numeric: true, cell: (row) => formatCount(row.searches) }
const NO_RESULTS: Column = { label: "No results", numeric: true, cell: (row) => formatCount(row.noResults) }
const LAST_SEARCHED: Column = { label: "Last searched", cell: (row) => indiaTime.format(new Date(row.lastAt)) }

/** A titled table of searched queries, or its empty text when there are none. */
function QueryTable({ title, columns, rows, empty }: { title: string; columns: Column[]; rows: SearchedQuery[]; empty: string }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {rows.length === 0 ? (
          <Typography color="text.secondary">{empty}</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell key={column.label} align={column.numeric ? "right" : "left"}>
                    {column.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.query}>
                  {columns.map((column) => (
                    <TableCell key={column.label} align={column.numeric ? "right" : "left"}>
                      {column.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  )
}

/** "Search": what shoppers searched for most over the period, and the searches that found nothing, for merchandisers to act on. */
export function SearchQueriesPage() {
  const [days, setDays] = useState<SearchPeriod>(DEFAULT_SEARCH_PERIOD)
  const queries = useSearchQueries(days)
  return (
    <Box component="section" sx={{ py: 3 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Search
      </Typography>
      <TextField
        select
        label="Period"
        size="small"
        value={days}
        onChange={(event) => {
          const picked = Number(event.target.value)
          if (isSearchPeriod(picked)) setDays(picked)
        }}
        sx={{ mb: 2, minWidth: 180 }}
      >
        {SEARCH_PERIODS.map((period) => (
          <MenuItem key={period} value={period}>
            {`Last ${String(period)} days`}
          </MenuItem>
        ))}
      </TextField>
      {queries.isPending ? (
        <Typography>Loading…</Typography>
      ) : queries.isError ? (
        <Alert severity="error">{failureText(queries.error, "Failed to load searches.")}</Alert>
      ) : (
        <Box sx={grid}>
          <QueryTable title="Top searches" columns={[SEARCH, SEARCHES, NO_RESULTS, LAST_SEARCHED]} rows={queries.data.top} empty={NO_SEARCHES} />
          <QueryTable
            title="Searches with no results"
            columns={[SEARCH, SEARCHES, LAST_SEARCHED]}
            rows={queries.data.noResults}
            empty={queries.data.top.length === 0 ? NO_SEARCHES : "Every search found something."}
          />
        </Box>
      )}
    </Box>
  )
}
