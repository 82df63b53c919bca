import { queryOptions, useQuery } from "@tanstack/react-query"
import { useEffect, useState } from "react"
import { apiClient } from "./api-client"
import { isValidHandle } from "./handle"

const HANDLE_CHECK_DELAY_MS = 400

export type HandleAvailability = "idle" | "invalid" | "checking" | "available" | "taken" | "unknown"

export const checkHandle = (handle: string, signal?: AbortSignal) =>
  apiClient.get<{ available: boolean }>("/api/fitfeed/handle/check", { params: { handle }, signal })

export const getHandleCheckQueryOptions = (handle: string) =>
  queryOptions({
    queryKey: ["handles", "check", handle],
    queryFn: ({ signal }) => checkHandle(handle, signal),
    staleTime: 0,
  })

function useSettledValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => {
      setSettled(value)
    }, delayMs)
    return () => {
      clearTimeout(timer)
    }
  }, [value, delayMs])
  return settled
}

/**
 * Whether `handle` can be taken, asked 400 ms after typing stops and only for valid handles.
 * The person's own current handle (`ownHandle`) counts as available without asking.
 */
export function useHandleAvailability(handle: string, ownHandle?: string): HandleAvailability {
  const settled = useSettledValue(handle, HANDLE_CHECK_DELAY_MS)
  const typingStopped = settled === handle
  const valid = isValidHandle(handle)
  const isOwn = ownHandle !== undefined && handle === ownHandle
  const check = useQuery({ ...getHandleCheckQueryOptions(settled), enabled: typingStopped && valid && !isOwn })

  if (!handle) return "idle"
  if (!valid) return typingStopped ? "invalid" : "idle"
  if (isOwn) return "available"
  if (!typingStopped || check.isPending) return "checking"
  if (check.isError) return "unknown"
  return check.data.available ? "available" : "taken"
}

export type HandleTexts = { taken: string; invalid: string }

/** What useHandleField needs of a form (see useForm) that has a `handle` value. */
type FormWithHandle = {
  values: { handle: string }
  idOf: (name: "handle") => string
  setValue: (name: "handle", value: string) => void
  isChecked: (name: "handle") => boolean
}

/**
 * A form's @handle rule and its field: `problem` stops a submit (an invalid or taken handle); the field shows a taken
 * handle, or an invalid one once typing stops, as typed, and the submit's problem until the handle is edited.
 */
export function useHandleField(form: FormWithHandle, texts: HandleTexts, ownHandle?: string) {
  const handle = form.values.handle
  const availability = useHandleAvailability(handle, ownHandle)
  const taken = availability === "taken"
  const liveError = taken ? texts.taken : availability === "invalid" ? texts.invalid : null
  const problem = taken ? texts.taken : isValidHandle(handle) ? null : texts.invalid
  return {
    availability,
    problem,
    field: {
      id: form.idOf("handle"),
      value: handle,
      onChange: (next: string) => {
        form.setValue("handle", next)
      },
      error: liveError ?? (form.isChecked("handle") ? problem : null),
      checking: availability === "checking",
    },
  }
}
