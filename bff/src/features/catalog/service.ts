import type { Commerce } from "../../lib/medusa.js"
import { notFound } from "../../http/errors.js"
import { presentProduct } from "./presenter.js"
import type { Product } from "./product.js"
import type { ListProductsQuery } from "./schema.js"

/** Everything the Product shape needs, in one Medusa request. */
const PRODUCT_FIELDS =
  "id,title,handle,description,thumbnail,weight,material,metadata,created_at,updated_at," +
  "*images,*variants,*variants.options,*variants.options.option,*variants.calculated_price,+variants.inventory_quantity,+variants.metadata"

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/(^-|-$)/g, "")
}

/** The seed's category tree: men › uppers › hoodies, women › western. */
export function categoryHandle(query: Pick<ListProductsQuery, "gender" | "categoryType" | "subcategory" | "styleGroup">): string | null {
  if (query.gender === "WOMEN") return query.styleGroup ? `women-${query.styleGroup.toLowerCase()}` : "women"
  if (query.gender === "MEN" || query.categoryType || query.subcategory) {
    if (!query.categoryType) return query.subcategory ? null : "men"
    const type = `men-${query.categoryType.toLowerCase()}`
    return query.subcategory ? `${type}-${slug(query.subcategory)}` : type
  }
  return null
}

function isNotFound(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { status?: number }).status === 404
}

type CategoryNode = { id: string; category_children?: CategoryNode[] | null }

function subtreeIds(node: CategoryNode): string[] {
  return [node.id, ...(node.category_children ?? []).flatMap(subtreeIds)]
}

export function createCatalogService(commerce: Commerce) {
  const categoryTrees = new Map<string, Promise<string[]>>()

  /** The ids of a category and all its descendants (Medusa's product listing matches products on any of them). */
  function categorySubtree(handle: string): Promise<string[]> {
    let ids = categoryTrees.get(handle)
    if (!ids) {
      ids = commerce.store().then(async (sdk) => {
        const { product_categories } = await sdk.store.category.list({
          handle,
          include_descendants_tree: true,
          fields: "id,*category_children",
        })
        const root = product_categories[0] as CategoryNode | undefined
        return root ? subtreeIds(root) : []
      })
      ids.catch(() => categoryTrees.delete(handle))
      categoryTrees.set(handle, ids)
    }
    return ids
  }

  async function listProducts(query: ListProductsQuery): Promise<{ products: Product[]; total: number }> {
    const [sdk, regionId] = await Promise.all([commerce.store(), commerce.regionId()])
    const handle = categoryHandle(query)
    const filter: Record<string, unknown> = {}
    if (handle) {
      const ids = await categorySubtree(handle)
      if (!ids.length) return { products: [], total: 0 }
      filter.category_id = ids
    } else if (query.subcategory) {
      return { products: [], total: 0 }
    }
    const { products, count } = await sdk.store.product.list({
      ...filter,
      region_id: regionId,
      fields: PRODUCT_FIELDS,
      limit: query.limit,
      offset: query.offset,
      // Ids are ULIDs (time first) and unique: newest first with a total order, so pages never overlap.
      order: "-id",
    })
    return { products: products.map(presentProduct), total: count }
  }

  async function getProduct(id: string): Promise<Product> {
    const [sdk, regionId] = await Promise.all([commerce.store(), commerce.regionId()])
    try {
      const { product } = await sdk.store.product.retrieve(id, { region_id: regionId, fields: PRODUCT_FIELDS })
      return presentProduct(product)
    } catch (error) {
      if (isNotFound(error)) throw notFound("Product not found")
      throw error
    }
  }

  return { listProducts, getProduct }
}

export type CatalogService = ReturnType<typeof createCatalogService>
