import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { generateResetPasswordTokenWorkflow } from "@medusajs/medusa/core-flows"

type Body = { email?: unknown }

/**
 * Issues Medusa's own password reset token for a customer and returns it to the BFF, which mails the
 * link itself (Medusa's public route only emits an event). Guarded by the internal secret middleware.
 */
export const POST = async (req: MedusaRequest<Body>, res: MedusaResponse) => {
  const email = typeof req.body?.email === "string" ? req.body.email.trim().toLowerCase() : ""
  if (!email) throw new MedusaError(MedusaError.Types.INVALID_DATA, "email is required")
  const { http } = req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE).projectConfig
  const { result } = await generateResetPasswordTokenWorkflow(req.scope).run({
    input: {
      entityId: email,
      actorType: "customer",
      provider: "emailpass",
      secret: http.jwtSecret!,
      jwtOptions: http.jwtOptions,
    },
  })
  res.json({ token: result })
}
