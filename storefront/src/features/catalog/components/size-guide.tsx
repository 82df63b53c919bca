import { useState } from "react"
import { Dialog } from "@/components/ui/dialog"
import { SegmentedControl, type SegmentedOption } from "@/components/ui/segmented-control"
import type { ProductVariant } from "@fitshop/contracts"
import { formatLength, getSizeChart, type LengthUnit } from "../utils/size-chart"

const UNITS: readonly SegmentedOption<LengthUnit>[] = [
  { value: "in", label: "inch" },
  { value: "cm", label: "cm" },
]

type SizeGuideProps = {
  variants: readonly ProductVariant[]
}

/** The 'Size Guide' button and its popover: measurements per size, stored in inches, shown in inches or cm. */
export function SizeGuide({ variants }: SizeGuideProps) {
  const [open, setOpen] = useState(false)
  const [unit, setUnit] = useState<LengthUnit>("in")
  const chart = getSizeChart(variants)
  const close = () => {
    setOpen(false)
  }

  return (
    <>
      <button
        type="button"
        className="text-button size-guide__trigger"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setOpen(true)
        }}
      >
        Size Guide
      </button>
      <Dialog open={open} onClose={close} title="Size Guide" closeButton className="size-guide">
        {chart ? (
          <>
            <SegmentedControl label="Unit" options={UNITS} value={unit} onChange={setUnit} className="segmented size-guide__units" />
            <div className="size-guide__scroll">
              <table className="size-guide__table">
                <caption className="muted">{`Measurements in ${unit === "cm" ? "cm" : "inches"}`}</caption>
                <thead>
                  <tr>
                    <th scope="col">Size</th>
                    {chart.columns.map((column) => (
                      <th key={column.key} scope="col">
                        {column.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {chart.rows.map((row) => (
                    <tr key={row.size}>
                      <th scope="row">{row.size}</th>
                      {chart.columns.map((column) => {
                        const inches = row.inches[column.key]
                        return <td key={column.key}>{inches === undefined ? "–" : formatLength(inches, unit)}</td>
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : (
          <p className="muted">Size chart not available for this item.</p>
        )}
      </Dialog>
    </>
  )
}
