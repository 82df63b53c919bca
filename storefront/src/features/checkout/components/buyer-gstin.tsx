import { BUYER_GSTIN_LABEL, buyerGstinProblem, typedGstin } from "@fitshop/contracts"
import { useId } from "react"
import { Field } from "@/components/ui/field"

type Props = { value: string; disabled: boolean; onChange: (value: string) => void }

/** The buyer's GSTIN for a business purchase: optional, printed on the tax invoice; checked once it is complete. */
export function BuyerGstinField({ value, disabled, onChange }: Props) {
  const id = useId()
  return (
    <Field
      id={id}
      name="buyerGstin"
      label={BUYER_GSTIN_LABEL}
      value={value}
      maxLength={20}
      autoCapitalize="characters"
      autoComplete="off"
      spellCheck={false}
      disabled={disabled}
      error={typedGstin(value).length >= 15 ? buyerGstinProblem(value) : null}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}
