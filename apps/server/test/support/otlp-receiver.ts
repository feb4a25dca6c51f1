import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';

// A stand-in of an OpenTelemetry collector on a random local port: it takes traces as OTLP/HTTP with JSON
// bodies (POST /v1/traces, gzip when OTEL_EXPORTER_OTLP_COMPRESSION says so), as
// @opentelemetry/exporter-trace-otlp-http sends them, and keeps their spans.

type AnyValue =
  | { stringValue: string }
  | { intValue: number | string }
  | { doubleValue: number }
  | { boolValue: boolean }
  | { arrayValue: { values?: AnyValue[] } };

interface KeyValue {
  key: string;
  value: AnyValue;
}

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: KeyValue[];
  status?: { code?: number };
}

interface ExportTraceServiceRequest {
  resourceSpans?: {
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: { scope?: { name?: string }; spans?: OtlpSpan[] }[];
  }[];
}

type Attribute = string | number | boolean | Attribute[];

/** A received span, its attributes as a plain object. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** Absent for a root span. */
  parentSpanId?: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
  /** OTLP's status code: 0 unset, 1 ok, 2 error. */
  statusCode: number;
  attributes: Record<string, Attribute>;
  /** The `service.name` of the resource that sent it. */
  service?: Attribute;
  /** The instrumentation scope that made it. */
  scope?: string;
}

export interface OtlpReceiver {
  /** The base URL, as OTEL_EXPORTER_OTLP_ENDPOINT takes it. */
  endpoint: string;
  spans: ReceivedSpan[];
  close(): Promise<void>;
}

function valueOf(value: AnyValue): Attribute {
  if ('stringValue' in value) return value.stringValue;
  if ('intValue' in value) return Number(value.intValue);
  if ('doubleValue' in value) return value.doubleValue;
  if ('boolValue' in value) return value.boolValue;
  return (value.arrayValue.values ?? []).map(valueOf);
}

const attributesOf = (pairs: KeyValue[] = []) =>
  Object.fromEntries(pairs.map(({ key, value }) => [key, valueOf(value)]));

function spansOf(request: ExportTraceServiceRequest): ReceivedSpan[] {
  return (request.resourceSpans ?? []).flatMap((resourceSpans) => {
    const service = attributesOf(resourceSpans.resource?.attributes)['service.name'];
    return (resourceSpans.scopeSpans ?? []).flatMap((scopeSpans) =>
      (scopeSpans.spans ?? []).map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        ...(span.parentSpanId ? { parentSpanId: span.parentSpanId } : {}),
        name: span.name,
        kind: span.kind,
        statusCode: span.status?.code ?? 0,
        attributes: attributesOf(span.attributes),
        service,
        scope: scopeSpans.scope?.name,
      })),
    );
  });
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces')
        return void response.writeHead(404).end();
      if (!request.headers['content-type']?.startsWith('application/json')) {
        return void response.writeHead(415).end();
      }
      const body = Buffer.concat(chunks);
      const decoded =
        request.headers['content-encoding'] === 'gzip' ? promisify(gunzip)(body) : Promise.resolve(body);
      decoded
        .then((text) => {
          spans.push(...spansOf(JSON.parse(text.toString()) as ExportTraceServiceRequest));
          response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        })
        .catch(() => response.writeHead(400).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
