import { useLocation, useNavigate } from "react-router-dom"

type BackButtonProps = {
  fallback: string
  label?: string
}

/** Goes back in history, or to `fallback` when this page was the first one opened in the tab. */
export function BackButton({ fallback, label = "Back" }: BackButtonProps) {
  const navigate = useNavigate()
  const location = useLocation()
  const openedDirectly = location.key === "default"

  return (
    <button
      type="button"
      className="back-button"
      onClick={() => {
        if (openedDirectly) void navigate(fallback)
        else void navigate(-1)
      }}
    >
      <span aria-hidden="true">←</span> {label}
    </button>
  )
}
