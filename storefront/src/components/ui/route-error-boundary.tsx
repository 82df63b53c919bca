import { Component, type ReactNode } from "react"
import { Page } from "./page"

type Props = { pathname: string; children: ReactNode }
type State = { pathname: string; failed: boolean }

/**
 * A screen that could not be shown (its code would not download, even after the one reload a rollout gets) says so
 * with a way to try again, inside the page frame, instead of blanking the whole page. Leaving the address clears it.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { pathname: this.props.pathname, failed: false }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.pathname === state.pathname ? null : { pathname: props.pathname, failed: false }
  }

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true }
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <Page title="This page didn't load">
        <p className="inline-error" role="alert">
          Check your connection and try again.
        </p>
        <button type="button" className="button" onClick={() => location.reload()}>
          Try again
        </button>
      </Page>
    )
  }
}
