import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http"
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http"
import { BatchSpanProcessor } from "@medusajs/framework/opentelemetry/sdk-trace-node"
import { registerOtel } from "@medusajs/medusa"

/**
 * Medusa's OpenTelemetry traces (HTTP, workflows, queries, database), sent to the collector at
 * OTEL_EXPORTER_OTLP_ENDPOINT (OTLP over HTTP); off while it is unset. The HTTP instrumentation continues the trace
 * the BFF sends (traceparent), so a shopper's request and Medusa's work for it are one trace.
 */
export function register() {
  const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()
  if (!endpoint) return
  const exporter = new OTLPTraceExporter({ url: new URL("v1/traces", endpoint.endsWith("/") ? endpoint : `${endpoint}/`).href })
  registerOtel({
    serviceName: process.env.OTEL_SERVICE_NAME || "fitshop-commerce",
    exporter,
    // registerOtel's own processor sends each span to the collector as it ends: one HTTP request per span, over a
    // hundred for a few sign-ins and reads. Batched (every 5 s, or 512 spans), as the BFF's are; the SDK takes this
    // list over that one.
    spanProcessors: [new BatchSpanProcessor(exporter)],
    instrument: { http: true, workflows: true, query: true, db: true },
    instrumentations: [new HttpInstrumentation()],
  })
}
