import { useMutation, useQueryClient } from "@tanstack/react-query"
import { apiClient } from "@/lib/api-client"
import { downloadFile } from "@/lib/download-file"
import { clearSession } from "@/lib/session"
import type { DeleteAccountAnswer, DeleteAccountBody } from "@fitshop/contracts"

export const EXPORT_PATH = "/api/account/export"

/** GET /api/account/export, saved as the JSON file the BFF names (buildyourfit-export-<date>.json). */
export const downloadMyData = () => downloadFile(EXPORT_PATH, "buildyourfit-export.json")

/** POST /api/account/delete: the password again; 403 when it is wrong, 409 while an order or return is open. */
export const deleteAccount = (input: DeleteAccountBody) => apiClient.post<DeleteAccountAnswer>("/api/account/delete", input)

/** Deletes the account; once done, the session here ends as a logout's does (the account pages then send the visitor to sign in) and nothing read for it stays in memory. */
export function useDeleteAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      clearSession()
      queryClient.clear()
    },
  })
}
