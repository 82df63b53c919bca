import sharp from "sharp"
import { describe, expect, it } from "vitest"
import {
  AVATAR_SIZE,
  avatarPicture,
  garmentOf,
  initialsOf,
  OUTFIT_HEIGHT,
  OUTFIT_WIDTH,
  outfitPicture,
  type OutfitSpec,
} from "../scripts/lib/outfit-pictures.js"

/**
 * The pixels where two pictures differ (by more than a JPEG's noise), and their average colour in each:
 * with the same seed only the product's garment changes, wherever the seed placed the figure.
 */
async function difference(a: Buffer, b: Buffer): Promise<{ share: number; inA: number[]; inB: number[] }> {
  const [rawA, rawB] = await Promise.all([a, b].map((image) => sharp(image).removeAlpha().raw().toBuffer()))
  const inA = [0, 0, 0]
  const inB = [0, 0, 0]
  let count = 0
  for (let i = 0; i < rawA!.length; i += 3) {
    const gap = Math.abs(rawA![i]! - rawB![i]!) + Math.abs(rawA![i + 1]! - rawB![i + 1]!) + Math.abs(rawA![i + 2]! - rawB![i + 2]!)
    if (gap < 90) continue
    count++
    for (let c = 0; c < 3; c++) {
      inA[c]! += rawA![i + c]!
      inB[c]! += rawB![i + c]!
    }
  }
  const average = (sums: number[]) => sums.map((sum) => sum / Math.max(1, count))
  return { share: count / (rawA!.length / 3), inA: average(inA), inB: average(inB) }
}

describe("the FITFEED demo's outfit pictures", () => {
  const spec: OutfitSpec = { colorHex: "#c0392b", garment: "tee", wearer: "MEN", seed: "kabir.fits:prod_1" }

  it("is a 1080×1350 (4:5) JPEG", async () => {
    const meta = await sharp(await outfitPicture(spec)).metadata()
    expect(meta).toMatchObject({ format: "jpeg", width: OUTFIT_WIDTH, height: OUTFIT_HEIGHT })
    expect(OUTFIT_WIDTH / OUTFIT_HEIGHT).toBe(4 / 5)
  })

  it("dresses the figure in the product's colour, for an upper and for a lower", async () => {
    for (const garment of ["tee", "kurta", "cargo"] as const) {
      const red = await outfitPicture({ ...spec, garment, colorHex: "#c0392b" })
      const blue = await outfitPicture({ ...spec, garment, colorHex: "#1e5bd8" })
      const { share, inA, inB } = await difference(red, blue)
      expect(share, garment).toBeGreaterThan(0.03)
      expect(inA[0]! - inA[2]!, garment).toBeGreaterThan(60)
      expect(inB[2]! - inB[0]!, garment).toBeGreaterThan(60)
    }
  }, 30_000)

  it("draws the same picture from the same seed and another from another", async () => {
    const [first, again, other] = await Promise.all([outfitPicture(spec), outfitPicture(spec), outfitPicture({ ...spec, seed: "zoya.threads:prod_2" })])
    expect(first.equals(again)).toBe(true)
    expect(first.equals(other)).toBe(false)
  })

  it("tells the garment from the product", () => {
    expect(garmentOf({ title: "Utility Cargo Pants", categoryType: "LOWERS", subcategory: "Cargo pants" })).toBe("cargo")
    expect(garmentOf({ title: "Raw Edge Jeans", categoryType: "LOWERS", subcategory: "Jeans" })).toBe("jeans")
    expect(garmentOf({ title: "Slip Midi Dress", categoryType: "UPPERS", subcategory: "Regular" })).toBe("dress")
    expect(garmentOf({ title: "Chikankari Kurta", categoryType: "UPPERS", subcategory: "Regular" })).toBe("kurta")
    expect(garmentOf({ title: "Nightshift Hoodie", categoryType: "UPPERS", subcategory: "Hoodies" })).toBe("hoodie")
    expect(garmentOf({ title: "Everyday Crew Tee", categoryType: "UPPERS", subcategory: "Regular" })).toBe("tee")
  })

  it("makes a square PNG avatar with the name's initials", async () => {
    expect(initialsOf("Kabir Malhotra")).toBe("KM")
    expect(initialsOf("Zoya")).toBe("ZO")
    const avatar = await avatarPicture("Kabir Malhotra")
    expect(await sharp(avatar).metadata()).toMatchObject({ format: "png", width: AVATAR_SIZE, height: AVATAR_SIZE })
    expect(avatar.equals(await avatarPicture("Ananya Iyer"))).toBe(false)
  })
})
