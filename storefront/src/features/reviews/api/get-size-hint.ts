import { useQuery } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import type { SizeHintAnswer } from "@fitshop/contracts"
import { reviewKeys } from "./review-keys"

/** GET /api/products/{id}/size-hint: the size the signed-in shopper kept most in similar pieces; null when unknown. */
export const getSizeHint = (productId: string, signal?: AbortSignal) =>
  apiClient.get<SizeHintAnswer>(`/api/products/${encodeURIComponent(productId)}/size-hint`, { signal })

export const useSizeHint = (productId: string, signedIn: boolean) =>
  useQuery({
    queryKey: reviewKeys.sizeHint(productId),
    queryFn: ({ signal }) => getSizeHint(productId, signal),
    enabled: signedIn,
    select: (answer) => answer.hint ?? null,
  })
