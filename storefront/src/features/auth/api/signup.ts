import { useMutation } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import type { SignupAnswer, SignupBody } from "@fitshop/contracts"

export const signup = (input: SignupBody) => apiClient.post<SignupAnswer>("/api/auth/signup", input, { skipSessionRefresh: true })

export const useSignup = () => useMutation({ mutationFn: signup })
