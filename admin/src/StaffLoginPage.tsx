import { Alert } from "@mui/material"
import { Login, LoginForm, PasswordInput, required, TextInput, useTranslate } from "react-admin"
import { sessionRefusal } from "./auth-provider"

/**
 * The console's sign-in: react-admin's e-mail form, saying why when the stored session (the shop's, under the
 * same keys) is a shopper's: the console turned it away, and only a staff account signs in here.
 */
export function StaffLoginPage() {
  const translate = useTranslate()
  const refusal = sessionRefusal()
  return (
    <Login>
      {refusal ? (
        <Alert severity="warning" sx={{ mx: 2, mt: 2 }}>
          {refusal}
        </Alert>
      ) : null}
      <LoginForm>
        <TextInput source="email" label={translate("ra.auth.email", { _: "Email" })} autoComplete="email" type="email" validate={required()} />
        <PasswordInput source="password" label={translate("ra.auth.password", { _: "Password" })} autoComplete="current-password" validate={required()} />
      </LoginForm>
    </Login>
  )
}
