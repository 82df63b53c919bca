import ReplayIcon from "@mui/icons-material/Replay"
import { Typography } from "@mui/material"
import { useMutation } from "@tanstack/react-query"
import { Button, DataTable, DateField, List, useDataProvider, useNotify, useRecordContext, useRefresh } from "react-admin"
import type { AdminJob } from "@fitshop/contracts"
import type { ConsoleDataProvider } from "../data-provider"
import { failureText } from "../lib/failure-text"

const failedOnly = { state: "failed" }

const NoFailedJobs = () => <Typography sx={{ p: 2 }}>No failed jobs.</Typography>

/** Puts the row's job back in its queue; the list then reloads without it. */
function RetryButton() {
  const job = useRecordContext<AdminJob>()
  const dataProvider = useDataProvider<ConsoleDataProvider>()
  const notify = useNotify()
  const refresh = useRefresh()
  const retry = useMutation({
    mutationFn: (id: string) => dataProvider.retryJob(id),
    onSuccess: () => refresh(),
    onError: (error) => notify(failureText(error, "Could not retry the job"), { type: "error" }),
  })
  if (!job) return null
  return (
    <Button label="Retry" disabled={retry.isPending} onClick={() => retry.mutate(job.id)}>
      <ReplayIcon />
    </Button>
  )
}

/** "Failed jobs": background work (refunds, dispatches, mail…) that ran out of attempts or time, latest failure first. */
export function FailedJobList() {
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        Failed jobs
      </Typography>
      <List resource="jobs" filter={failedOnly} empty={<NoFailedJobs />} exporter={false} actions={false} disableSyncWithLocation storeKey="failed-jobs">
        <DataTable rowClick={false} bulkActionButtons={false} empty={<NoFailedJobs />}>
          <DataTable.Col source="kind" label="Kind" />
          <DataTable.Col source="attempts" label="Attempts" />
          <DataTable.Col source="lastError" label="Last error" />
          <DataTable.Col source="createdAt" label="Created">
            <DateField source="createdAt" showTime locales="en-IN" />
          </DataTable.Col>
          <DataTable.Col source="failedAt" label="Failed">
            <DateField source="failedAt" showTime locales="en-IN" />
          </DataTable.Col>
          <DataTable.Col label="Actions">
            <RetryButton />
          </DataTable.Col>
        </DataTable>
      </List>
    </>
  )
}
