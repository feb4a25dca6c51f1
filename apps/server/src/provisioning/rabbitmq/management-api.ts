// The RabbitMQ management HTTP API (https://www.rabbitmq.com/docs/http-api-reference), as the admin URL's
// user. Its errors name the call and the broker's reason, with any password the call carried blotted out:
// a validation error quotes the value it refused.

const TIMEOUT_MS = 10_000;

/** A path of the API with each name percent-encoded as one segment: apiPath`/api/vhosts/${vhost}`. */
export const apiPath = (parts: TemplateStringsArray, ...names: string[]) =>
  parts.reduce((whole, part, index) => `${whole}${encodeURIComponent(names[index - 1] ?? '')}${part}`);

interface Call {
  method: 'GET' | 'PUT' | 'DELETE';
  path: string;
  body?: object;
  /** Secrets the body holds, never to appear in an error. */
  secrets?: string[];
  /** A missing object (404) is what the call wanted: a DELETE done before. */
  absentIsFine?: boolean;
  headers?: Record<string, string>;
}

type ManagementApi = (call: Call) => Promise<unknown>;

export function managementApi(adminUrl: string): ManagementApi {
  const url = new URL(adminUrl);
  // fetch refuses a URL with credentials in it: they go in the Authorization header instead.
  const user = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  const authorization = `Basic ${Buffer.from(user).toString('base64')}`;
  const base = `${url.protocol}//${url.host}${url.pathname.replace(/\/$/, '')}`;

  return async (call) => {
    const name = `RabbitMQ ${call.method} ${call.path}`;
    // As sent, and as quoted back in JSON (a quote or backslash escaped).
    const forms = (call.secrets ?? [])
      .filter(Boolean)
      .flatMap((secret) => [JSON.stringify(secret).slice(1, -1), secret]);
    const blot = (text: string) => forms.reduce((clean, form) => clean.replaceAll(form, '***'), text);
    let response: Response;
    try {
      response = await fetch(`${base}${call.path}`, {
        method: call.method,
        headers: { authorization, 'content-type': 'application/json', ...call.headers },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new Error(`${name} failed: ${blot(failure(error))}`);
    }
    if (response.status === 404 && call.absentIsFine) return undefined;
    const text = await response.text();
    if (!response.ok) {
      throw new Error(`${name} answered ${response.status}: ${blot(reason(text) || response.statusText)}`);
    }
    return text ? (JSON.parse(text) as unknown) : undefined;
  };
}

/** fetch's own message is "fetch failed"; what went wrong is in its cause. */
function failure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
}

/** The broker's reason: `{"error": "bad_request", "reason": "..."}`, else the body as it is. */
function reason(body: string): string {
  try {
    const parsed = JSON.parse(body) as { reason?: unknown; error?: unknown };
    const said = parsed.reason ?? parsed.error;
    if (typeof said === 'string') return said.trim();
  } catch {
    // Not JSON (a proxy's page): the body itself says what went wrong.
  }
  return body.trim().slice(0, 500);
}
