// The RabbitMQ broker the rabbitmq message queue driver tests make queues on: RABBITMQ_ADMIN_URL (its
// management API, as an administrator), else the local one with its default user (guest, which the broker
// lets in from localhost only). Without one, those tests skip; in CI, which starts a broker (.ci/run), they fail.

export const rabbitmqAdminUrl = process.env.RABBITMQ_ADMIN_URL || 'http://guest:guest@127.0.0.1:15672';

const admin = new URL(rabbitmqAdminUrl);
const base = `${admin.protocol}//${admin.host}${admin.pathname.replace(/\/$/, '')}`;
// fetch takes no credentials in the URL.
const authorization = `Basic ${Buffer.from(
  `${decodeURIComponent(admin.username)}:${decodeURIComponent(admin.password)}`,
).toString('base64')}`;

/** A GET of the broker's management API as the admin URL's user: its status and JSON body. */
export async function brokerGet(path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${base}${path}`, {
    headers: { authorization },
    signal: AbortSignal.timeout(5000),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

export async function rabbitmqReachable(): Promise<boolean> {
  try {
    return (await brokerGet('/api/overview')).status === 200;
  } catch {
    return false;
  }
}

/** Why a suite needing a RabbitMQ broker cannot run; undefined when one answers. Throws in CI instead. */
export const withoutRabbitmq = async () => {
  if (await rabbitmqReachable()) return undefined;
  const missing = `RABBITMQ_ADMIN_URL or a RabbitMQ broker with its management plugin at 127.0.0.1:15672 (user guest); none answered at ${admin.host}`;
  // CI installs and starts one: a broker missing there is a broken run, not a machine without RabbitMQ.
  if (process.env.CI === 'true') throw new Error(`CI needs ${missing}`);
  return missing;
};
