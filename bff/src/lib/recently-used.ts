/** Keeps `key` as the most recently used entry of a Map kept in use order, so the least used goes first. */
export function touched<V>(entries: Map<string, V>, key: string, value: V | undefined): V | undefined {
  if (value !== undefined) {
    entries.delete(key)
    entries.set(key, value)
  }
  return value
}

/** Adds `value` as the most recently used entry, dropping the least recently used once the Map holds `capacity`. */
export function remembered<V>(entries: Map<string, V>, key: string, value: V, capacity: number): V {
  entries.delete(key)
  if (entries.size >= capacity) entries.delete(entries.keys().next().value!)
  entries.set(key, value)
  return value
}
