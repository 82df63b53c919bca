import { useMutation } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"

export const requestPasswordReset = (email: string) => apiClient.post<{ message: string }>("/api/auth/forgot-password", { email }, { skipSessionRefresh: true })

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset })
