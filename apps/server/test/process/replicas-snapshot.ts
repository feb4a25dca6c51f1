import { NAMESPACES } from '../support/queries.ts';
import {
  AUDIT_TAGS,
  CONTAINER_EVENTS,
  JOB_RUNS_AND_EVENTS,
  NAMESPACE_CONTENTS,
  VOLUME_EVENTS,
  described,
  tally,
  type Customer,
} from './replicas-model.ts';
import type { Traffic } from './replicas-traffic.ts';

/** What a customer sees once the load is over, and whether it has all settled. */
export async function snapshot(traffic: Traffic, customer: Customer) {
  let settled = true;
  const list = await traffic.query(customer, 'namespaces', () => customer.api.gql(NAMESPACES));
  if (!list) return undefined;
  const namespaces: Record<string, { containers: string[]; jobs: string[]; volumes: string[] }> = {};
  const containerEvents: Record<string, Record<string, number>> = {};
  const volumeGrowth: Record<string, number> = {};
  const runsByJob: Record<string, { name: string; status: string; trigger: string }[]> = {};
  const runEvents: Record<string, Record<string, number>> = {};
  for (const namespace of list.namespaces) {
    if (namespace.state !== 'created' || namespace.locked) settled = false;
    const read = await traffic.query(customer, 'namespace', () =>
      customer.api.gql(NAMESPACE_CONTENTS, { name: namespace.name }),
    );
    if (!read) return undefined;
    const held = read.namespace;
    const containers = held.containers ?? [];
    const volumes = held.volumes ?? [];
    if (containers.some((each) => each.state !== 'running' || each.locked)) settled = false;
    if (held.containerJobs.some((each) => each.state !== 'created' || each.locked)) settled = false;
    if (volumes.some((each) => each.state !== 'created' || each.locked)) settled = false;
    namespaces[namespace.name] = {
      containers: described(containers.map((each) => [each.name, each.image ?? null])),
      jobs: described(held.containerJobs.map((each) => [each.name, each.command ?? null])),
      volumes: described(volumes.map((each) => [each.name, each.size])),
    };
    for (const container of containers) {
      const events = await traffic.query(customer, 'container events', () =>
        customer.api.gql(CONTAINER_EVENTS, { id: container.id }),
      );
      if (!events) return undefined;
      const deploys = events.container.events
        .map((event) => event.type)
        .filter((type) => type === 'DEPLOY_STARTED' || type === 'DEPLOY_FINISHED');
      containerEvents[container.name] = tally(deploys);
    }
    for (const volume of volumes) {
      const events = await traffic.query(customer, 'volume events', () =>
        customer.api.gql(VOLUME_EVENTS, { id: volume.id }),
      );
      if (!events?.volume) return undefined;
      volumeGrowth[volume.name] = events.volume.events.filter(
        (event) => event.type === 'VOLUME_GROWN',
      ).length;
    }
    for (const job of held.containerJobs) {
      const read = await traffic.query(customer, 'job runs', () =>
        customer.api.gql(JOB_RUNS_AND_EVENTS, { name: job.name, namespace: namespace.name }),
      );
      if (!read) return undefined;
      const { runs, events } = read.containerJob;
      if (runs.some((run) => run.status !== 'succeeded' && run.status !== 'failed')) settled = false;
      runsByJob[`${namespace.name}/${job.name}`] = runs;
      for (const run of runs) {
        const about = events
          .filter((event) => event.message.startsWith(`Run ${run.name} `))
          .map((event) => event.type);
        runEvents[`${namespace.name}/${run.name}`] = tally(about);
      }
    }
  }
  const audit = await traffic.query(customer, 'auditLogs', () =>
    customer.api.gql(AUDIT_TAGS, { customerId: customer.customerId }),
  );
  if (!audit) return undefined;
  const audited = audit.auditLogs.map((entry) => {
    const tag = (prefix: string) =>
      entry?.tags.find((each) => each.startsWith(prefix))?.slice(prefix.length) ?? '?';
    return `${entry?.modelName} ${entry?.eventType} ${tag('namespace:')}/${tag('name:')}`;
  });
  return {
    settled,
    namespaceList: list.namespaces.map((namespace) => namespace.name).sort(),
    namespaces,
    containerEvents,
    volumeGrowth,
    runsByJob,
    runs: Object.values(runsByJob).flat(),
    runEvents,
    audited: tally(audited),
  };
}
