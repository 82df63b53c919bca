/** A form's error line, announced to screen readers; nothing when there is no message. */
export function FormError({ message, id }: { message: string | null | undefined; id?: string }) {
  if (!message) return null
  return (
    <p id={id} className="field__error" role="alert">
      {message}
    </p>
  )
}
