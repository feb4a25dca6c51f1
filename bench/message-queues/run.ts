// Message queues on a real RabbitMQ broker (the rabbitmq driver, through its management HTTP API): how long
// a queue takes from messageQueueCreate to running, as a client polling messageQueue sees it, and the latency
// of messageQueueUserCredentials (an audited reveal). Each queue's DSN is then used once with amqplib, so the
// figures are of queues that really work. The queues are deleted at the end.
// Run: node --import tsx bench/message-queues/run.ts   (RABBITMQ_ADMIN_URL=http://user:pass@host:15672 for
// another broker than the local one; QUEUES=10 CREDENTIAL_CALLS=200 to change the counts)
import { connect } from 'amqplib';
import { graphql, seedCustomer, startPlatform } from '../support/platform.ts';

const QUEUES = Number(process.env.QUEUES ?? 10);
const CREDENTIAL_CALLS = Number(process.env.CREDENTIAL_CALLS ?? 200);
const POLL_MS = 25;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const figures = (label: string, values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  console.log(
    `${label}: p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms (${values.length} samples)`,
  );
};

const platform = await startPlatform({
  MESSAGE_QUEUES_DRIVER: 'rabbitmq',
  MESSAGE_QUEUES_ADMIN_URL: process.env.RABBITMQ_ADMIN_URL ?? 'http://guest:guest@127.0.0.1:15672',
});
try {
  const url = await platform.listen();
  const { token } = await seedCustomer(platform, url, 1);
  const namespace = 'namespace-0';
  const stateOf = async (name: string) =>
    (
      await graphql<{ messageQueue: { state: string } }>(
        url,
        token,
        'query Q($q: MessageQueueResourceInput!) { messageQueue(messageQueue: $q) { state } }',
        { q: { name, namespace } },
      )
    ).messageQueue.state;

  const createToRunning: number[] = [];
  const names = Array.from({ length: QUEUES }, (_, index) => `bench-${Date.now()}-${index}`);
  for (const name of names) {
    const started = performance.now();
    await graphql(
      url,
      token,
      'mutation C($q: MessageQueueCreateInput!) { messageQueueCreate(messageQueue: $q) { id } }',
      { q: { name, namespace, plan: 'mq-xs-1', spec: { type: 'rabbitmq', version: '4.1' }, allowList: [] } },
    );
    for (let state = await stateOf(name); state !== 'running'; state = await stateOf(name)) {
      if (state === 'failed') throw new Error(`message queue ${name} failed to provision`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    createToRunning.push(performance.now() - started);
  }

  const credentials = async (name: string) =>
    (
      await graphql<{ messageQueueUserCredentials: { dsn: string } }>(
        url,
        token,
        'query R($q: MessageQueueResourceInput!) { messageQueueUserCredentials(messageQueue: $q, username: "admin") { dsn } }',
        { q: { name, namespace } },
      )
    ).messageQueueUserCredentials.dsn;
  const revealLatency: number[] = [];
  for (let call = 0; call < CREDENTIAL_CALLS; call += 1) {
    const started = performance.now();
    await credentials(names[call % names.length] ?? '');
    revealLatency.push(performance.now() - started);
  }

  // Each queue works: its admin's DSN opens a connection on its virtual host.
  for (const name of names) {
    const connection = await connect(await credentials(name));
    await connection.close();
  }

  console.log(`Message queues on RabbitMQ (${QUEUES} queues, plan mq-xs-1, polled every ${POLL_MS} ms):`);
  figures('create to running', createToRunning);
  figures('messageQueueUserCredentials', revealLatency);

  for (const name of names) {
    await graphql(
      url,
      token,
      'mutation D($q: MessageQueueResourceInput!) { messageQueueDelete(messageQueue: $q) }',
      {
        q: { name, namespace },
      },
    );
  }
  const gone = async (name: string) => {
    for (;;) {
      try {
        await stateOf(name);
      } catch {
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };
  await Promise.all(names.map(gone));
} finally {
  await platform.close();
}
