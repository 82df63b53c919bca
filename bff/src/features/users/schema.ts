export {
  emailSchema as email,
  handleCheckQuery,
  marketingChoiceSchema,
  nameSchema as name,
  PROFILE_HANDLE_TAKEN,
  updateMeBody,
  updateProfileBody,
} from "@fitshop/contracts"

export const AVATAR_NOT_OURS = "Choose an avatar uploaded to this shop: links to images elsewhere are not accepted."

/** An avatar the avatar route made; any other avatarUrl must be one of the user's own uploads. */
export const isAvatarPath = (url: string) => /^\/media\/avatars\/[a-z0-9-]+\.webp$/.test(url)
