import { useMutation } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"

export type SignupInput = { name: string; email: string; password: string; handle: string }

export type SignupResponse = { message: string; needsVerification: boolean; email: string }

export const signup = (input: SignupInput) => apiClient.post<SignupResponse>("/api/auth/signup", input, { skipSessionRefresh: true })

export const useSignup = () => useMutation({ mutationFn: signup })
