import { AppProvider, type RouterFrame } from "./provider"
import { AppRoutes } from "./router"

export function App({ router }: { router?: RouterFrame }) {
  return (
    <AppProvider router={router}>
      <AppRoutes />
    </AppProvider>
  )
}
