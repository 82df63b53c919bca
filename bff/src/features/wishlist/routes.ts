import { addToWishlistBody, PRODUCT_ID_PATTERN, type Wishlist, type WishlistItemAnswer } from "@fitshop/contracts"
import { Router } from "express"
import { currentUser, type Authentication } from "../../http/authenticate.js"
import { notFound } from "../../http/errors.js"
import { noStore } from "../../http/no-store.js"
import { validated } from "../../http/validate.js"
import type { WishlistRepository } from "./repository.js"

const ENTRY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export function wishlistRoutes({ wishlist, authentication }: { wishlist: WishlistRepository; authentication: Authentication }): Router {
  const router = Router()
  const { requireUser } = authentication

  router.get("/wishlist", requireUser, noStore, async (req, res) => {
    res.json({ items: await wishlist.list(currentUser(req).id) } satisfies Wishlist)
  })

  router.post(
    "/wishlist",
    requireUser,
    noStore,
    validated({ body: addToWishlistBody }, async (req, res, { body }) => {
      const saved = await wishlist.add(currentUser(req).id, body.productId)
      if (!saved) throw notFound("Product not found")
      res.status(saved.created ? 201 : 200).json({ item: saved.item } satisfies WishlistItemAnswer)
    }),
  )

  router.delete("/wishlist/:id", requireUser, noStore, async (req, res) => {
    const id = String(req.params.id)
    const removed = (PRODUCT_ID_PATTERN.test(id) || ENTRY_ID.test(id)) && (await wishlist.remove(currentUser(req).id, id))
    if (!removed) throw notFound("That product is not in your wardrobe.")
    res.status(204).end()
  })

  return router
}
