import { useMutation } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import type { AuthSession, LoginBody } from "@fitshop/contracts"

export const login = (input: LoginBody) => apiClient.post<AuthSession>("/api/auth/login", input, { skipSessionRefresh: true })

export const useLogin = () => useMutation({ mutationFn: login })
