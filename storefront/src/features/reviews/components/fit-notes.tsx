import { fitVerdictText, sizeHintText, type FitVerdict } from "@fitshop/contracts"
import { useSession } from "@/lib/auth"
import { useSizeHint } from "../api/get-size-hint"

/** "Runs small · 7 of 9 buyers", beside the size picker once enough buyers told the shop how it fits. */
export function FitVerdictNote({ fit }: { fit: FitVerdict | null }) {
  if (!fit) return null
  return <p className="fit-note fit-note--verdict">{fitVerdictText(fit)}</p>
}

/** "You kept M in 3 similar pieces", for a signed-in shopper when the shop knows; asked only then. */
export function SizeHintNote({ productId }: { productId: string }) {
  const { isSignedIn } = useSession()
  const { data: hint } = useSizeHint(productId, isSignedIn)
  if (!isSignedIn || !hint) return null
  return <p className="fit-note fit-note--hint">{sizeHintText(hint)}</p>
}
