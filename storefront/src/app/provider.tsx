import { QueryClientProvider } from "@tanstack/react-query"
import { useState, type ReactNode } from "react"
import { BrowserRouter } from "react-router-dom"
import { SessionProvider } from "@/lib/auth"
import { createQueryClient } from "@/lib/react-query"

/** The router around the app: the browser's history, or, in the server render, the one address it renders. */
export type RouterFrame = (app: ReactNode) => ReactNode

const browserRouter: RouterFrame = (app) => <BrowserRouter>{app}</BrowserRouter>

export function AppProvider({ children, router = browserRouter }: { children: ReactNode; router?: RouterFrame }) {
  const [queryClient] = useState(createQueryClient)

  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>{router(children)}</SessionProvider>
    </QueryClientProvider>
  )
}
