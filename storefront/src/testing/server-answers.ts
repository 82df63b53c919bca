import { SERVER_ANSWERS_ELEMENT_ID } from "@/lib/server-answers"

/** Puts a server-answers block into the document, as the BFF does in a page's HTML (removed after each test). */
export function pageCameWith(answers: Record<string, unknown> | string, sentAt = Date.now()) {
  const element = document.createElement("script")
  element.type = "application/json"
  element.id = SERVER_ANSWERS_ELEMENT_ID
  element.textContent = typeof answers === "string" ? answers : JSON.stringify({ sentAt, answers })
  document.head.append(element)
}

export function removeServerAnswers() {
  document.getElementById(SERVER_ANSWERS_ELEMENT_ID)?.remove()
}
