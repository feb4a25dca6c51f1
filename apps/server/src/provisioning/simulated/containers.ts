import { randomInt } from 'node:crypto';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  containerReplicas,
  containers as containersTable,
  logLines,
  simulatedContainers,
} from '../../db/schema.ts';
import { failDeploy, finishDeploy } from '../../modules/containers/deploys.ts';
import { desiredReplicas } from '../../modules/containers/replica-counts.ts';
import { recordEvent } from '../../modules/events/store.ts';
import { startMeter, stopMeters } from '../../modules/metering/meters.ts';
import { recordSamples } from '../../modules/metrics/store.ts';
import { containerSize } from '../../modules/pricing/resources.ts';
import { createContainerStore, type ContainerRow, type ReplicaRow } from '../../modules/containers/store.ts';
import { commandLineOf, simulatedExitCode } from './commands.ts';

// The simulated runtime of containers. Each container it runs has a row in simulated_containers: the
// replica set being rolled out (`revision`, the 5 characters in `{name}-{revision}-{n}`), a phase and when the
// next step is due. Every reconcile takes the due rows (FOR UPDATE SKIP LOCKED, so two processes never
// advance the same container) and moves each one step:
//   rolling:  a new replica appears (pending, "Pulling image …"), becomes running ("Started"), the next one
//             appears…, as many as the container has now (an autoscaled one keeps its current count, within
//             its new bounds); then replicas of the previous set terminate; then the container is running.
//             A command that exits (simulatedExitCode) fails its replica instead (CrashLoopBackOff); it is
//             started again, and after ROLLOUT_ATTEMPTS failures the deploy fails: the container is `failed`,
//             the previous set keeps serving, and the failed replica waits for the next deploy.
//   steady:   the autoscaler moves its wanted count one up or down per step within minimum..maximum, and a
//             replica is added or removed towards it; running replicas answer the health check (a log
//             line); mounted volumes fill slowly.
// The count it aims for is reported in containers.desired_replicas (Container.numberOfReplicas), and each
// replica records the image it was started from (a rolling update's new replicas show the new one).
//   deleting: replicas terminate, then the container is removed.
// Log lines: source_kind 'replica', source_id = the replica's id, stream 'stdout' (a stopping replica's
// SIGTERM notice on 'stderr'); they go with the replica, and the logs module keeps them bounded meanwhile.
// Events: replicas started and stopped (with why), scaling, the end of a rollout. Metrics: each steady step
// samples CPU, memory and requests from the simulated load.

const REVISION_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** How much a mounted volume fills per steady step, at most up to its size. */
const VOLUME_GROWTH_BYTES = 1024 * 1024;
const BYTES_PER_GB = 1_000_000_000;
/** How many times a rollout starts a replica whose command exits before the deploy fails. */
const ROLLOUT_ATTEMPTS = 3;

type Phase = 'rolling' | 'steady' | 'deleting';

export function newRevision(): string {
  return Array.from({ length: 5 }, () => REVISION_ALPHABET[randomInt(REVISION_ALPHABET.length)]).join('');
}

/**
 * Simulated load in percent: a slow wave per container, the same in every process at the same moment, so
 * autoscaling moves up and down between minimum and maximum without randomness.
 */
export function simulatedLoad(containerId: number, now: number, periodMs: number): number {
  return Math.round(50 + 45 * Math.sin((2 * Math.PI * now) / periodMs + containerId));
}

/** The replica count autoscaling aims for from the current one: one up or down per step, within bounds. */
export function autoscaleTarget(container: ContainerRow, current: number, load: number): number {
  const { scaling } = container;
  if ('replicas' in scaling) return scaling.replicas;
  const threshold = Math.min(...scaling.triggers.map((trigger) => trigger.threshold));
  let target = current;
  if (load > threshold) target = current + 1;
  else if (load < threshold / 2) target = current - 1;
  return Math.min(scaling.maximum, Math.max(scaling.minimum, target));
}

/**
 * What the replicas report at a load: CPU follows it, memory grows with it from a third of what a replica
 * was given, and a container with ports serves requests in proportion (none without ports).
 */
export function simulatedSample(container: ContainerRow, load: number, running: number) {
  const { megabytes } = containerSize(container.resources);
  return {
    CPU_PERCENT: load * 0.9,
    MEMORY_MB: Math.round(megabytes * (0.35 + (0.3 * load) / 100)),
    REQUESTS_PER_SECOND: container.ports.length ? Math.round(running * load * 0.4 * 10) / 10 : 0,
  };
}

export function createSimulatedContainers(options: { delayMs: number }) {
  // SIMULATED_DELAY_MS scales everything: a rollout step takes a third of it, a steady step four of those.
  const stepMs = Math.round(options.delayMs / 3);
  const steadyMs = Math.max(stepMs * 4, 50);

  async function schedule(tx: Db, containerId: number, phase: Phase, revision?: string) {
    const delay = phase === 'steady' ? steadyMs : stepMs;
    const nextStepAt = sql`now() + make_interval(secs => ${delay / 1000})`;
    await tx
      .insert(simulatedContainers)
      .values({ containerId, phase, revision: revision ?? newRevision(), nextStepAt })
      .onConflictDoUpdate({
        target: simulatedContainers.containerId,
        set: { phase, nextStepAt, ...(revision ? { revision } : {}) },
      });
  }

  async function log(
    tx: Db,
    replica: { id: number },
    lines: string[],
    stream: 'stdout' | 'stderr' = 'stdout',
  ) {
    if (lines.length === 0) return;
    await tx
      .insert(logLines)
      .values(lines.map((line) => ({ sourceKind: 'replica', sourceId: replica.id, stream, line })));
  }

  /**
   * Reports the count the runtime aims for; written only when it changes (most steady steps keep it). A
   * change is an event once the container has been deployed (its first count is the deploy's).
   */
  async function aimFor(tx: Db, container: ContainerRow, count: number) {
    if (container.desiredReplicas === count) return;
    await tx
      .update(containersTable)
      .set({ desiredReplicas: count })
      .where(eq(containersTable.id, container.id));
    if (container.state === 'creating') return;
    await recordEvent(
      tx,
      { kind: 'container', id: container.id },
      'SCALED',
      `Scaled from ${container.desiredReplicas} to ${count} ${count === 1 ? 'replica' : 'replicas'} (${'replicas' in container.scaling ? 'configuration' : 'autoscaling'})`,
    );
  }

  /**
   * A new replica of the revision, from the image its replicas run: a change saved but not yet rolled out
   * (the container row holds the new image) must not reach the running revision when it scales.
   */
  async function addReplica(tx: Db, container: ContainerRow, revision: string, existing: ReplicaRow[]) {
    const prefix = `${container.name}-${revision}-`;
    const siblings = existing.filter((replica) => replica.name.startsWith(prefix));
    const used = siblings.map((replica) => Number(replica.name.slice(prefix.length)));
    const index = Math.max(0, ...used) + 1;
    const image = siblings[0]?.image ?? container.image;
    const message = `Pulling image ${image}`;
    const [replica] = await tx
      .insert(containerReplicas)
      .values({
        containerId: container.id,
        name: `${prefix}${index}`,
        image,
        status: 'pending',
        statusMessage: message,
      })
      .returning();
    if (replica) await log(tx, replica, [message]);
  }

  async function start(tx: Db, container: ContainerRow, replica: ReplicaRow) {
    const exitCode = simulatedExitCode(container);
    if (exitCode !== 0) {
      await crash(tx, container, replica, exitCode);
      return;
    }
    await tx
      .update(containerReplicas)
      .set({ status: 'running', statusMessage: 'Started' })
      .where(eq(containerReplicas.id, replica.id));
    await startMeter(tx, { kind: 'replica', id: replica.id });
    await recordEvent(
      tx,
      { kind: 'container', id: container.id },
      'REPLICA_STARTED',
      `Replica ${replica.name} started`,
    );
    const ports = container.ports.length ? ` on port ${container.ports.join(', ')}` : '';
    await log(tx, replica, [
      `Pulled image ${replica.image}`,
      `Started container ${container.name}`,
      `Listening${ports}`,
      'Ready to accept requests',
    ]);
  }

  /** The replica's command exits: it is failed until started again (a rollout does, a few times). */
  async function crash(tx: Db, container: ContainerRow, replica: ReplicaRow, exitCode: number) {
    await tx
      .update(containerReplicas)
      .set({
        status: 'failed',
        statusMessage: `CrashLoopBackOff: exited with code ${exitCode}`,
        failures: replica.failures + 1,
      })
      .where(eq(containerReplicas.id, replica.id));
    await log(tx, replica, [`Pulled image ${replica.image}`, `Started container ${container.name}`]);
    await log(
      tx,
      replica,
      [`Error: ${commandLineOf(container)} failed`, `exited with code ${exitCode}`],
      'stderr',
    );
    await recordEvent(
      tx,
      { kind: 'container', id: container.id },
      'REPLICA_FAILED',
      `Replica ${replica.name} failed: exited with code ${exitCode}`,
    );
  }

  /** The rollout gives up: the container is failed and unlocked, the previous set keeps serving. */
  async function failRollout(tx: Db, container: ContainerRow, replica: ReplicaRow) {
    await failDeploy(
      tx,
      container,
      `replica ${replica.name} failed ${replica.failures} times (${replica.statusMessage ?? 'exited'})`,
    );
    await schedule(tx, container.id, 'steady');
  }

  /**
   * A running replica first terminates (one step; its status message says why), then is gone with its log
   * lines. `why` is only read on the first step.
   */
  async function stop(tx: Db, replica: ReplicaRow, why: string) {
    if (replica.status !== 'terminating') {
      await tx
        .update(containerReplicas)
        .set({ status: 'terminating', statusMessage: `Stopping: ${why}` })
        .where(eq(containerReplicas.id, replica.id));
      await log(tx, replica, ['Received SIGTERM, shutting down'], 'stderr');
      return;
    }
    // Billed until gone: a terminating replica still holds its CPU and memory.
    await stopMeters(tx, [{ kind: 'replica', id: replica.id }]);
    await tx.delete(containerReplicas).where(eq(containerReplicas.id, replica.id));
    const reason = replica.statusMessage?.replace(/^Stopping: /, '') ?? why;
    await recordEvent(
      tx,
      { kind: 'container', id: replica.containerId },
      'REPLICA_STOPPED',
      `Replica ${replica.name} stopped: ${reason}`,
    );
    await tx
      .delete(logLines)
      .where(and(eq(logLines.sourceKind, 'replica'), eq(logLines.sourceId, replica.id)));
  }

  async function roll(tx: Db, container: ContainerRow, revision: string, replicas: ReplicaRow[]) {
    const current = replicas.filter((replica) => replica.name.startsWith(`${container.name}-${revision}-`));
    const previous = replicas.filter((replica) => !current.includes(replica));
    const pending = current.find((replica) => replica.status === 'pending');
    const crashed = current.find((replica) => replica.status === 'failed');
    const target = desiredReplicas(container);
    await aimFor(tx, container, target);
    if (crashed && crashed.failures >= ROLLOUT_ATTEMPTS) {
      await failRollout(tx, container, crashed);
      return;
    }
    if (pending) await start(tx, container, pending);
    else if (crashed) await start(tx, container, crashed);
    else if (current.length < target) await addReplica(tx, container, revision, current);
    else if (current.length > target) await stop(tx, current.at(-1) as ReplicaRow, 'scaled down');
    else if (previous[0]) await stop(tx, previous[0], 'replaced by the new revision');
    else {
      await finishDeploy(
        tx,
        container,
        `${current.length} of ${current.length} replicas running ${current[0]?.image ?? container.image}`,
      );
      await schedule(tx, container.id, 'steady');
      return;
    }
    await schedule(tx, container.id, 'rolling');
  }

  async function keepRunning(tx: Db, container: ContainerRow, revision: string, replicas: ReplicaRow[]) {
    const live = replicas.filter((replica) => replica.status !== 'terminating');
    const pending = live.find((replica) => replica.status === 'pending');
    const terminating = replicas.find((replica) => replica.status === 'terminating');
    const load = simulatedLoad(container.id, Date.now(), steadyMs * 20);
    const target = autoscaleTarget(container, live.length, load);
    await aimFor(tx, container, target);
    if (terminating) await stop(tx, terminating, 'scaled down');
    else if (pending) await start(tx, container, pending);
    else if (live.length < target) await addReplica(tx, container, revision, replicas);
    else if (live.length > target) await stop(tx, live.at(-1) as ReplicaRow, 'scaled down');

    const running = replicas.filter((replica) => replica.status === 'running');
    if (container.healthCheck && running.length) {
      const line = `GET ${container.healthCheck.path} 200 (health check on port ${container.healthCheck.port})`;
      for (const replica of running) await log(tx, replica, [line]);
    }
    if (running.length) {
      await recordSamples(
        tx,
        { kind: 'container', id: container.id },
        simulatedSample(container, load, running.length),
      );
      // Volumes are the volumes module's table; the runtime only reports how full they are.
      await tx.execute(sql`
        UPDATE volumes SET usage_bytes = LEAST(size_gb::bigint * ${BYTES_PER_GB}, usage_bytes + ${VOLUME_GROWTH_BYTES})
        WHERE id IN (SELECT volume_id FROM container_mounts WHERE container_id = ${container.id})`);
    }
    await schedule(tx, container.id, 'steady');
  }

  async function removeAll(tx: Db, container: ContainerRow, replicas: ReplicaRow[]) {
    if (replicas.length === 0) {
      await createContainerStore(tx).remove(container.id);
      return;
    }
    for (const replica of replicas) await stop(tx, replica, 'container deleted');
    await schedule(tx, container.id, 'deleting');
  }

  return {
    async apply(tx: Db, container: ContainerRow) {
      await schedule(tx, container.id, 'rolling', newRevision());
    },
    async delete(tx: Db, container: ContainerRow) {
      await schedule(tx, container.id, 'deleting');
    },
    /** One step for every container that is due; returns how many it advanced. */
    async reconcile(db: Db): Promise<number> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(simulatedContainers)
          .where(lte(simulatedContainers.nextStepAt, sql`now()`))
          // Longest overdue first: a busy set of steady containers cannot starve a rollout.
          .orderBy(simulatedContainers.nextStepAt)
          .limit(50)
          .for('update', { skipLocked: true });
        if (due.length === 0) return 0;
        const ids = due.map((row) => row.containerId);
        const store = createContainerStore(tx);
        const [rows, replicas] = await Promise.all([
          tx.select().from(containersTable).where(inArray(containersTable.id, ids)),
          store.replicasOf(ids),
        ]);
        for (const row of due) {
          const container = rows.find((candidate) => candidate.id === row.containerId);
          if (!container) continue;
          const own = replicas.get(container.id) ?? [];
          if (row.phase === 'rolling') await roll(tx, container, row.revision, own);
          else if (row.phase === 'deleting') await removeAll(tx, container, own);
          else await keepRunning(tx, container, row.revision, own);
        }
        return due.length;
      });
    },
  };
}
