import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context, type Span } from "@opentelemetry/api"
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http"
import { resourceFromAttributes } from "@opentelemetry/resources"
import { BatchSpanProcessor, NodeTracerProvider } from "@opentelemetry/sdk-trace-node"

const tracer = trace.getTracer("fitshop-bff")

/**
 * Sends the BFF's spans to an OpenTelemetry collector at `endpoint` (OTLP over HTTP, `/v1/traces` below it), and makes
 * the W3C trace context the one carried onward, so Medusa's spans for our calls join the shopper request's trace.
 * Off unless OTEL_EXPORTER_OTLP_ENDPOINT is set; answers the function that flushes and stops it.
 */
export function startTracing({ endpoint, serviceName }: { endpoint: string; serviceName: string }): () => Promise<void> {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: new URL("v1/traces", endpoint.endsWith("/") ? endpoint : `${endpoint}/`).href }))],
  })
  provider.register()
  return async () => {
    await provider.shutdown()
    trace.disable()
    propagation.disable()
    context.disable()
  }
}

/**
 * Runs a request's handling inside a server span, continuing the trace its proxy sent (traceparent) when the proxy is
 * trusted. `finish` names the span by its route and status once the answer is sent.
 */
export function inServerSpan<T>(
  headers: Record<string, string | string[] | undefined>,
  trusted: boolean,
  method: string,
  work: (finish: (route: string, status: number) => void) => T,
): T {
  const parent = trusted ? propagation.extract(ROOT_CONTEXT, headers) : ROOT_CONTEXT
  const span = tracer.startSpan(method, { kind: SpanKind.SERVER, attributes: { "http.request.method": method } }, parent)
  const finish = (route: string, status: number) => {
    span.updateName(`${method} ${route}`)
    span.setAttributes({ "http.route": route, "http.response.status_code": status })
    if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR })
    span.end()
  }
  return context.with(trace.setSpan(parent, span), () => work(finish))
}

/** Runs a call to another service inside a client span, handing `send` the context its headers must carry. */
export async function inClientSpan<T>(name: string, send: (carried: Context) => Promise<T>): Promise<T> {
  const span: Span = tracer.startSpan(name, { kind: SpanKind.CLIENT })
  try {
    return await send(trace.setSpan(context.active(), span))
  } catch (error) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) })
    throw error
  } finally {
    span.end()
  }
}

/** The trace context headers (traceparent, tracestate) for a call made in `carried`; none while tracing is off. */
export function traceHeaders(carried: Context = context.active()): Record<string, string> {
  const headers: Record<string, string> = {}
  propagation.inject(carried, headers)
  return headers
}
