import type { Mail } from "../../lib/mailer.js"

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!)
}

export function verificationMail(to: string, name: string, code: string): Mail {
  return {
    to,
    subject: `${code} is your verification code`,
    text: `Hi ${name},\n\nYour verification code is ${code}. It expires in 10 minutes.\n\nIf you did not sign up, ignore this e-mail.`,
    html: `<p>Hi ${escapeHtml(name)},</p><p>Your verification code is <strong style="font-size:20px;letter-spacing:4px">${code}</strong>. It expires in 10 minutes.</p><p>If you did not sign up, ignore this e-mail.</p>`,
  }
}

export function resetPasswordMail(to: string, name: string, link: string): Mail {
  return {
    to,
    subject: "Reset your password",
    text: `Hi ${name},\n\nReset your password here (the link works once, for 15 minutes):\n${link}\n\nIf you did not ask for this, ignore this e-mail.`,
    html: `<p>Hi ${escapeHtml(name)},</p><p><a href="${escapeHtml(link)}">Reset your password</a> (the link works once, for 15 minutes).</p><p>If you did not ask for this, ignore this e-mail.</p>`,
  }
}
