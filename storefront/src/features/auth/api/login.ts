import { useMutation } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import type { AuthSession } from "@fitshop/contracts"

export type LoginInput = { email: string; password: string }

export const login = (input: LoginInput) => apiClient.post<AuthSession>("/api/auth/login", input, { skipSessionRefresh: true })

export const useLogin = () => useMutation({ mutationFn: login })
