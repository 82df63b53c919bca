export { emailOnlyBody, loginBody, resetPasswordBody, signupBody, verifyEmailBody } from "@fitshop/contracts"
