import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import type { MarketingChoice } from "@fitshop/contracts"

const MARKETING_PATH = "/api/users/me/marketing"
const marketingKey = ["marketing-choice"] as const

export const getMarketingChoice = (signal?: AbortSignal) => apiClient.get<MarketingChoice>(MARKETING_PATH, { signal })

export const setMarketingChoice = (input: MarketingChoice) => apiClient.put<MarketingChoice>(MARKETING_PATH, input)

/** Whether the shopper takes marketing messages, as chosen at sign-up or since. */
export const useMarketingChoice = () => useQuery({ queryKey: marketingKey, queryFn: ({ signal }) => getMarketingChoice(signal) })

/** Changes the choice in one call (withdrawal as easy as consent); the answer is the choice now stored. */
export function useSetMarketingChoice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setMarketingChoice,
    onSuccess: (answer) => {
      queryClient.setQueryData(marketingKey, answer)
    },
  })
}
