import type { Page, TestInfo } from "@playwright/test"
import { expect } from "./support"

type Box = { left: number; right: number; top: number; bottom: number }

/** A field whose label and shown text (value or placeholder) were both measured. */
type MeasuredField = { label: string; shown: string; labelBox: Box; textBox: Box }

/**
 * Every visible form field on the page with both a label and a shown text, and where each text is drawn. The shown
 * text of an input or select is measured with its own font from the left of its content box (padding excluded), as
 * the browser draws it; the label's text by a Range over it, so a shrunk (scaled) label is measured as drawn.
 */
function measureFields(page: Page): Promise<MeasuredField[]> {
  return page.evaluate(() => {
    const canvas = document.createElement("canvas").getContext("2d")
    const fields: MeasuredField[] = []
    for (const control of Array.from(document.querySelectorAll<HTMLElement>(".MuiFormControl-root"))) {
      const label = control.querySelector("label")
      const input = control.querySelector<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
        "input:not([type=hidden]):not([type=checkbox]):not([type=file]), select, textarea",
      )
      if (!label || !input || !canvas || input.getClientRects().length === 0) continue
      const shown =
        input instanceof HTMLSelectElement
          ? (input.selectedOptions[0]?.text ?? "")
          : input.value || (input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement ? input.placeholder : "")
      const labelText = label.textContent?.trim() ?? ""
      if (!shown.trim() || !labelText) continue
      const range = document.createRange()
      range.selectNodeContents(label)
      const drawn = range.getBoundingClientRect()
      const style = getComputedStyle(input)
      const rect = input.getBoundingClientRect()
      canvas.font = style.font
      const left = rect.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft)
      const contentRight = rect.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight)
      const top = rect.top + parseFloat(style.borderTopWidth) + parseFloat(style.paddingTop)
      const bottom = rect.bottom - parseFloat(style.borderBottomWidth) - parseFloat(style.paddingBottom)
      fields.push({
        label: labelText,
        shown,
        labelBox: { left: drawn.left, right: drawn.right, top: drawn.top, bottom: drawn.bottom },
        textBox: { left, right: Math.min(contentRight, left + canvas.measureText(shown).width), top, bottom },
      })
    }
    return fields
  })
}

/**
 * Waits for the page's finite animations and transitions to end: a field just filled floats its label up over 200 ms,
 * and a label measured halfway is drawn over the text it will clear. Endless ones (a spinner) are not waited for.
 */
function settledTransitions(page: Page): Promise<unknown> {
  return page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
}

const intersect = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom

/**
 * Keeps a screenshot of the editor's step and fails when, in any field, the label is drawn over the value or
 * placeholder; `atLeast` fields must have been measured, so a step whose fields the check can't see fails too.
 */
export async function expectLegibleFields(page: Page, testInfo: TestInfo, step: string, atLeast: number) {
  await settledTransitions(page)
  await testInfo.attach(`editor step ${step}`, { body: await page.screenshot({ fullPage: true }), contentType: "image/png" })
  const fields = await measureFields(page)
  expect(fields.length, `fields with a label and a shown text on step ${step}`).toBeGreaterThanOrEqual(atLeast)
  const overlapping = fields.filter((field) => intersect(field.labelBox, field.textBox)).map((field) => `${field.label} over “${field.shown}”`)
  expect(overlapping, `labels drawn over their field's text on step ${step}`).toEqual([])
}
