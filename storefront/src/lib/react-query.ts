import { QueryClient } from "@tanstack/react-query"
import { ApiError } from "./api-client"

const MAX_RETRIES = 2

/** Client errors (4xx) will not change on retry; network and server errors get two more tries. */
export function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
  return failureCount < MAX_RETRIES
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
      },
    },
  })
}
