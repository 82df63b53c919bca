import { useReplayFirstTaps } from "@/lib/first-taps"
import { AppProvider, type RouterFrame } from "./provider"
import { AppRoutes } from "./router"

/** Hands the taps made before the app ran to it (index.html's tap queue); renders nothing. */
function ReplayFirstTaps() {
  useReplayFirstTaps()
  return null
}

export function App({ router }: { router?: RouterFrame }) {
  return (
    <AppProvider router={router}>
      <AppRoutes />
      <ReplayFirstTaps />
    </AppProvider>
  )
}
