import { indiaDay } from "../../lib/india-time.js"

/** GST (rule 46(b)): a document number is at most 16 characters of letters, digits, "-" and "/", unique per financial year. */
export const DOCUMENT_NUMBER_MAX_LENGTH = 16
const DOCUMENT_NUMBER_PATTERN = /^[A-Za-z0-9/-]+$/
const SEQUENCE_DIGITS = 6

const twoDigits = (year: number) => String(year % 100).padStart(2, "0")

/** India's financial year of an instant, 1 April to 31 March on India's clock: "26-27" for 27 November 2026. */
export function financialYearOf(instant: Date): string {
  const at = instant.getTime()
  if (Number.isNaN(at)) throw new RangeError("financialYearOf needs a valid date")
  const [year, month] = indiaDay(at).split("-").map(Number) as [number, number]
  const startYear = month >= 4 ? year : year - 1
  return `${twoDigits(startYear)}-${twoDigits(startYear + 1)}`
}

/** A document's number: series, financial year and a six-digit sequence, "BYF/26-27/000123". */
export function documentNumber(series: string, financialYear: string, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`A document sequence starts at 1: ${sequence}`)
  const number = `${series}/${financialYear}/${String(sequence).padStart(SEQUENCE_DIGITS, "0")}`
  if (number.length > DOCUMENT_NUMBER_MAX_LENGTH) throw new RangeError(`${number} is longer than GST's ${DOCUMENT_NUMBER_MAX_LENGTH} characters`)
  if (!DOCUMENT_NUMBER_PATTERN.test(number)) throw new RangeError(`${number} may hold only letters, digits, "-" and "/"`)
  return number
}
