import { render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { useDeferredList } from "./use-deferred-list"

function Cards({ items }: { items: string[] }) {
  const { shown, pending } = useDeferredList(items)
  if (pending) return <p>Loading</p>
  return (
    <ul>
      {shown.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  )
}

describe("useDeferredList", () => {
  it("shows the items once their deferred render is ready, and keeps the old ones until the new are", async () => {
    const { rerender } = render(<Cards items={["a", "b"]} />)
    expect(await screen.findAllByRole("listitem")).toHaveLength(2)
    expect(screen.queryByText("Loading")).toBeNull()

    rerender(<Cards items={["a", "b", "c"]} />)
    expect(await screen.findByText("c")).toBeTruthy()
    expect(screen.getAllByRole("listitem")).toHaveLength(3)
  })

  it("is never pending for an empty list", () => {
    render(<Cards items={[]} />)
    expect(screen.queryByText("Loading")).toBeNull()
    expect(screen.getByRole("list")).toBeEmptyDOMElement()
  })
})
