import type { ProductSpec } from "../utils/product-specs"

type ProductSpecsProps = {
  specs: ProductSpec[]
}

export function ProductSpecs({ specs }: ProductSpecsProps) {
  if (specs.length === 0) return <p className="muted">No additional specs.</p>

  return (
    <dl className="specs">
      {specs.map(({ label, value }) => (
        <div key={label} className="specs__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
