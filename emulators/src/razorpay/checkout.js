/* global window, document, CSS */
// The Razorpay emulator's checkout script (served as /emulator/razorpay/checkout.js). It defines
// window.Razorpay with the interface of Razorpay's own: new Razorpay(options).open(), rzp.on(event, cb)
// and rzp.close(). Its modal offers Pay, Fail and Cancel. It loads nothing from anywhere else.
;(() => {
  "use strict"

  const scriptSrc = document.currentScript && document.currentScript.src
  const base = scriptSrc ? scriptSrc.replace(/\/checkout\.js(?:[?#].*)?$/, "") : "/emulator/razorpay"
  const DEFAULT_COLOR = "#3399cc"
  let opened = 0

  function formatAmount(paise, currency) {
    try {
      return new Intl.NumberFormat("en-IN", { style: "currency", currency: currency || "INR" }).format(paise / 100)
    } catch {
      return `${currency || "INR"} ${(paise / 100).toFixed(2)}`
    }
  }

  /** An element with styles and attributes; text is only ever set as text, never as HTML. */
  function element(tag, { style = "", text, ...attributes } = {}) {
    const node = document.createElement(tag)
    if (style) node.style.cssText = style
    if (text !== undefined) node.textContent = String(text)
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value)
    return node
  }

  function themeColor(options) {
    const color = options.theme && options.theme.color
    return typeof color === "string" && window.CSS && CSS.supports("color", color) ? color : DEFAULT_COLOR
  }

  class Razorpay {
    constructor(options) {
      if (!options || typeof options !== "object") throw new Error("Razorpay: options are required")
      if (!options.key) throw new Error("Razorpay: no key passed")
      this.options = options
      this.listeners = {}
      this.overlay = null
      this.returnFocus = null
    }

    /** Registers a callback, e.g. rzp.on('payment.failed', ({ error }) => …), as Razorpay's does. */
    on(event, callback) {
      if (typeof callback === "function") (this.listeners[event] = this.listeners[event] || []).push(callback)
      return this
    }

    emit(event, payload) {
      for (const callback of this.listeners[event] || []) {
        try {
          callback(payload)
        } catch (error) {
          setTimeout(() => {
            throw error
          })
        }
      }
    }

    open() {
      if (this.overlay) return this
      const options = this.options
      const id = `razorpay-emulator-${++opened}`
      this.returnFocus = document.activeElement

      const overlay = element("div", {
        "data-razorpay-emulator": "",
        style:
          "position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;" +
          "background:rgba(15,23,42,.6);font:15px/1.4 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;",
      })
      const dialog = element("div", {
        role: "dialog",
        "aria-modal": "true",
        "aria-labelledby": `${id}-title`,
        "aria-describedby": `${id}-description`,
        style: "background:#fff;color:#0f172a;border-radius:10px;padding:24px;width:min(360px,calc(100vw - 32px));" + "box-shadow:0 20px 50px rgba(0,0,0,.3);",
      })
      const status = element("p", { role: "status", "aria-live": "polite", style: "min-height:1.4em;margin:12px 0;color:#b91c1c;" })
      const color = themeColor(options)
      const buttonStyle = "flex:1;padding:10px 12px;border-radius:6px;font:inherit;font-weight:600;cursor:pointer;"
      const pay = element("button", { type: "button", text: "Pay", style: `${buttonStyle}border:0;background:${color};color:#fff;` })
      const fail = element("button", { type: "button", text: "Fail", style: `${buttonStyle}border:1px solid #b91c1c;background:#fff;color:#b91c1c;` })
      const cancel = element("button", { type: "button", text: "Cancel", style: `${buttonStyle}border:1px solid #94a3b8;background:#fff;color:#0f172a;` })
      const buttons = [pay, fail, cancel]

      dialog.append(
        element("p", { text: "Razorpay test checkout (emulator)", style: "margin:0 0 4px;font-size:12px;color:#64748b;" }),
        element("h2", { id: `${id}-title`, text: options.name || "Razorpay", style: "margin:0;font-size:20px;" }),
        element("p", { id: `${id}-description`, text: options.description || "Payment", style: "margin:4px 0 12px;color:#334155;" }),
        element("p", { text: formatAmount(Number(options.amount) || 0, options.currency), style: "margin:0;font-size:26px;font-weight:700;" }),
        element("p", { text: options.order_id ? `Order ${options.order_id}` : "", style: "margin:4px 0 0;font-size:12px;color:#64748b;" }),
        status,
      )
      const row = element("div", { style: "display:flex;gap:8px;" })
      row.append(...buttons)
      dialog.append(row)
      overlay.append(dialog)

      const setBusy = (busy) => buttons.forEach((button) => (button.disabled = busy))
      const say = (text) => (status.textContent = text)

      const call = async (outcome) => {
        if (!options.order_id) throw new Error("This emulator needs an order_id from Orders API.")
        const prefill = options.prefill || {}
        const response = await fetch(`${base}/checkout/orders/${encodeURIComponent(options.order_id)}/${outcome}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ key: options.key, email: prefill.email || undefined, contact: prefill.contact || undefined }),
        })
        const body = await response.json().catch(() => ({}))
        if (!response.ok) throw new Error((body.error && body.error.description) || "The payment could not be processed.")
        return body
      }

      const attempt = async (outcome) => {
        setBusy(true)
        say(outcome === "pay" ? "Processing payment…" : "")
        try {
          const result = await call(outcome)
          if (outcome === "pay") {
            this.close()
            if (typeof options.handler === "function") options.handler(result)
            return
          }
          say("Payment failed. You can try again or cancel.")
          this.emit("payment.failed", result)
        } catch (error) {
          say(error instanceof Error ? error.message : "The payment could not be processed.")
        }
        setBusy(false)
      }

      const dismiss = () => {
        this.close()
        const modal = options.modal || {}
        if (typeof modal.ondismiss === "function") modal.ondismiss()
      }

      pay.addEventListener("click", () => attempt("pay"))
      fail.addEventListener("click", () => attempt("fail"))
      cancel.addEventListener("click", dismiss)
      overlay.addEventListener("keydown", (event) => {
        if (event.key === "Escape" && !pay.disabled) {
          event.preventDefault()
          dismiss()
        }
        // Focus stays inside the dialog, as in any modal.
        if (event.key === "Tab") {
          const enabled = buttons.filter((button) => !button.disabled)
          const index = enabled.indexOf(document.activeElement)
          const next = event.shiftKey ? (index <= 0 ? enabled.length - 1 : index - 1) : (index + 1) % enabled.length
          event.preventDefault()
          if (enabled[next]) enabled[next].focus()
        }
      })

      this.overlay = overlay
      document.body.append(overlay)
      pay.focus()
      return this
    }

    /** Closes the modal (no callback), as Razorpay's rzp.close() does. */
    close() {
      if (!this.overlay) return
      this.overlay.remove()
      this.overlay = null
      if (this.returnFocus && typeof this.returnFocus.focus === "function") this.returnFocus.focus()
    }
  }

  window.Razorpay = Razorpay
})()
