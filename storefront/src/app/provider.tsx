import { QueryClientProvider } from "@tanstack/react-query"
import { useState, type ReactNode } from "react"
import { BrowserRouter } from "react-router-dom"
import { SessionProvider } from "@/lib/auth"
import { createQueryClient } from "@/lib/react-query"

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient)

  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <BrowserRouter>{children}</BrowserRouter>
      </SessionProvider>
    </QueryClientProvider>
  )
}
