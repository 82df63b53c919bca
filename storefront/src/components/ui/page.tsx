import type { ReactNode } from "react"

type PageProps = {
  title: string
  children?: ReactNode
}

/** A screen with its heading; screens whose content is still to come render just this. */
export function Page({ title, children }: PageProps) {
  return (
    <div className="page">
      <h1 className="page-title">{title}</h1>
      {children}
    </div>
  )
}
