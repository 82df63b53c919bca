import type { CategoryType, Gender, StyleGroup } from "@fitshop/contracts"
import type { Db } from "../../lib/db.js"

/** A product the shop sells, with its section and when it last changed in Medusa (invalid or missing dates are null). */
export type LiveProduct = {
  id: string
  gender: Gender
  categoryType: CategoryType | null
  subcategory: string | null
  styleGroup: StyleGroup | null
  updatedAt: Date | null
}

/**
 * Every product the shop sells, by id: the read model holds only Medusa's published products (the sync removes the
 * rest), so each row is live. Its update time is read from the stored document, the only place the mirror keeps it.
 */
export async function liveProducts(db: Pick<Db, "query">): Promise<LiveProduct[]> {
  const { rows } = await db.query<{
    id: string
    gender: Gender
    category_type: CategoryType | null
    subcategory: string | null
    style_group: StyleGroup | null
    updated_at: string | null
  }>(
    `select c.id, c.gender, c.category_type, c.subcategory, c.style_group, d.document ->> 'updatedAt' as updated_at
       from bff.catalog_products c join bff.catalog_documents d on d.id = c.id
      order by c.id`,
  )
  return rows.map((row) => {
    const updatedAt = row.updated_at ? new Date(row.updated_at) : null
    return {
      id: row.id,
      gender: row.gender,
      categoryType: row.category_type,
      subcategory: row.subcategory,
      styleGroup: row.style_group,
      updatedAt: updatedAt && !Number.isNaN(updatedAt.getTime()) ? updatedAt : null,
    }
  })
}
