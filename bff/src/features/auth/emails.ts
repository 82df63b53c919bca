import { escapeHtml } from "../../lib/html.js"
import type { Mail } from "../../lib/mailer.js"

/** Greets nobody by name: an unverified account's name is whatever a stranger typed at sign-up. */
export function verificationMail(to: string, code: string): Mail {
  return {
    to,
    subject: `${code} is your verification code`,
    text: `Hi,\n\nYour verification code is ${code}. It expires in 10 minutes.\n\nIf you did not sign up, ignore this e-mail.`,
    html: `<p>Hi,</p><p>Your verification code is <strong style="font-size:20px;letter-spacing:4px">${code}</strong>. It expires in 10 minutes.</p><p>If you did not sign up, ignore this e-mail.</p>`,
  }
}

/** `name` only for a verified account: an unverified one's is whatever a stranger typed at sign-up. */
export function resetPasswordMail(to: string, name: string | undefined, link: string): Mail {
  const greeting = name ? `Hi ${name},` : "Hi,"
  return {
    to,
    subject: "Reset your password",
    text: `${greeting}\n\nReset your password here (the link works once, for 15 minutes):\n${link}\n\nIf you did not ask for this, ignore this e-mail.`,
    html: `<p>${escapeHtml(greeting)}</p><p><a href="${escapeHtml(link)}">Reset your password</a> (the link works once, for 15 minutes).</p><p>If you did not ask for this, ignore this e-mail.</p>`,
  }
}

/** To the owner of an address someone tried to sign up with again: sign-up answers as if the address were new. */
export function signupAttemptMail(to: string, name: string | undefined, links: { signIn: string; reset: string }): Mail {
  const greeting = name ? `Hi ${name},` : "Hi,"
  return {
    to,
    subject: "Someone tried to sign up with your e-mail",
    text: `${greeting}\n\nSomeone just tried to create a new account with this e-mail address, which already has one.\n\nIf it was you, sign in here:\n${links.signIn}\n\nForgot your password? Reset it here:\n${links.reset}\n\nIf it was not you, ignore this e-mail: your account has not changed.`,
    html: `<p>${escapeHtml(greeting)}</p><p>Someone just tried to create a new account with this e-mail address, which already has one.</p><p>If it was you, <a href="${escapeHtml(links.signIn)}">sign in</a>. Forgot your password? <a href="${escapeHtml(links.reset)}">Reset it</a>.</p><p>If it was not you, ignore this e-mail: your account has not changed.</p>`,
  }
}
