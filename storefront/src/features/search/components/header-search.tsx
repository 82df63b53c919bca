import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react"
import { Link, useNavigate } from "react-router-dom"
import { formatPaise, SEARCH_PAGE_PATH, searchPath, type SearchSuggestion } from "@fitshop/contracts"
import { resolveMediaUrl } from "@/lib/product-image"
import { useSearchSuggestions } from "../api/get-suggestions"

export const SEARCH_PLACEHOLDER = "Search hoodies, kurtis, black jeans…"

function SuggestionContent({ suggestion }: { suggestion: SearchSuggestion }) {
  if (suggestion.kind !== "product") return <span className="search-suggestion__text">{suggestion.text}</span>
  return (
    <>
      {suggestion.imageUrl ? (
        <img className="search-suggestion__picture" src={resolveMediaUrl(suggestion.imageUrl)} alt="" width={40} height={50} loading="lazy" decoding="async" />
      ) : (
        <span className="search-suggestion__picture" aria-hidden="true" />
      )}
      <span className="search-suggestion__text">{suggestion.text}</span>
      {suggestion.price === null ? null : <span className="search-suggestion__price">{formatPaise(suggestion.price)}</span>}
    </>
  )
}

/**
 * The header's search box: a plain GET form to /search (it works before any script), and once the app runs an ARIA
 * 1.2 combobox with the completions of what is typed. On phones an icon opens it as a full-width field (main-layout.css).
 */
export function HeaderSearch() {
  const navigate = useNavigate()
  const [text, setText] = useState("")
  const [fieldOpen, setFieldOpen] = useState(false)
  const [listOpen, setListOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const suggestions = useSearchSuggestions(text)
  const formRef = useRef<HTMLFormElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const id = useId()
  const formId = `${id}search`
  const listId = `${id}suggestions`
  const optionId = (index: number) => `${id}suggestion-${String(index)}`
  const expanded = listOpen && suggestions.length > 0
  const activeSuggestion = expanded ? suggestions[active] : undefined

  const closeList = () => {
    setListOpen(false)
    setActive(-1)
  }
  const close = () => {
    closeList()
    setFieldOpen(false)
    inputRef.current?.blur()
  }
  const go = (path: string) => {
    close()
    void navigate(path)
  }

  // A press anywhere else closes the list.
  useEffect(() => {
    if (!expanded) return
    const onPointerDown = (event: PointerEvent) => {
      if (!formRef.current?.contains(event.target as Node)) closeList()
    }
    document.addEventListener("pointerdown", onPointerDown)
    return () => document.removeEventListener("pointerdown", onPointerDown)
  }, [expanded])

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (count === 0) return
      event.preventDefault()
      const step = event.key === "ArrowDown" ? 1 : -1
      setListOpen(true)
      setActive((current) => (!expanded || current < 0 ? (step === 1 ? 0 : count - 1) : (current + step + count) % count))
    } else if (event.key === "Enter" && activeSuggestion) {
      event.preventDefault()
      go(activeSuggestion.path)
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault()
      closeList()
    }
  }

  return (
    <div className={fieldOpen ? "header-search is-open" : "header-search"}>
      <button
        type="button"
        className="menu-button header-search__toggle"
        aria-label="Open search"
        aria-expanded={fieldOpen}
        aria-controls={formId}
        onClick={() => {
          setFieldOpen((open) => !open)
          // The field shows on this render; focusing it then brings up a phone's keyboard.
          setTimeout(() => inputRef.current?.focus())
        }}
      >
        <span className="header-search__icon" aria-hidden="true" />
      </button>
      <form
        ref={formRef}
        id={formId}
        role="search"
        action={SEARCH_PAGE_PATH}
        className="header-search__form"
        onSubmit={(event) => {
          event.preventDefault()
          const q = text.trim()
          if (q) go(searchPath(q))
        }}
      >
        <input
          ref={inputRef}
          type="search"
          name="q"
          className="header-search__input"
          placeholder={SEARCH_PLACEHOLDER}
          aria-label="Search the shop"
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeSuggestion ? optionId(active) : undefined}
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            setListOpen(true)
            setActive(-1)
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="header-search__submit">
          Search
        </button>
        <ul id={listId} role="listbox" aria-label="Suggestions" className="header-search__list" hidden={!expanded}>
          {expanded
            ? suggestions.map((suggestion, index) => (
                <li
                  key={`${String(index)}-${suggestion.path}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  className={`search-suggestion search-suggestion--${suggestion.kind}`}
                >
                  {/* A pointer opens it as a link; the keyboard stays in the field (aria-activedescendant), so the link takes no tab stop. */}
                  <Link to={suggestion.path} tabIndex={-1} className="search-suggestion__link" onClick={close}>
                    <SuggestionContent suggestion={suggestion} />
                  </Link>
                </li>
              ))
            : null}
        </ul>
      </form>
    </div>
  )
}
