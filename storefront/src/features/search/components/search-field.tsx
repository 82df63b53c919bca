import { useNavigate } from "react-router-dom"
import { SEARCH_PAGE_PATH, searchPath } from "@fitshop/contracts"
import { SEARCH_PLACEHOLDER } from "./header-search"

/** The search page's own field: what was searched, to change it (a plain GET to /search before any script). */
export function SearchField({ q }: { q: string }) {
  const navigate = useNavigate()
  return (
    <form
      key={q}
      role="search"
      aria-label="Search again"
      action={SEARCH_PAGE_PATH}
      className="search-field"
      onSubmit={(event) => {
        event.preventDefault()
        const typed = new FormData(event.currentTarget).get("q")
        void navigate(searchPath(typeof typed === "string" ? typed.trim() : ""))
      }}
    >
      <input
        type="search"
        name="q"
        className="field__input search-field__input"
        defaultValue={q}
        placeholder={SEARCH_PLACEHOLDER}
        aria-label="Search the shop"
      />
      <button type="submit" className="button button--primary">
        Search
      </button>
    </form>
  )
}
