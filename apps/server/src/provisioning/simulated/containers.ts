import type { Db } from '../../db/client.ts';
import type { RuntimeContainer, RuntimeReplica, RuntimeReports } from '../runtime-port.ts';
import { commandLineOf, simulatedExitCode } from './commands.ts';
import { autoscaleTarget, newRevision, simulatedLoad, simulatedSample } from './load.ts';
import { lockDueContainers, scheduleContainer, type Phase } from './store.ts';

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
// SIGTERM notice on 'stderr'); they stay after the replica is gone, kept bounded by the logs module.
// Events: replicas started and stopped (with why), scaling, the end of a rollout. Metrics: each steady step
// samples CPU, memory and requests from the simulated load.

/** How much a mounted volume fills per steady step, at most up to its size. */
const VOLUME_GROWTH_BYTES = 1024 * 1024;
/** How many times a rollout starts a replica whose command exits before the deploy fails. */
const ROLLOUT_ATTEMPTS = 3;

export function createSimulatedContainers(options: { delayMs: number; reports: RuntimeReports }) {
  const { reports } = options;
  // SIMULATED_DELAY_MS scales everything: a rollout step takes a third of it, a steady step four of those.
  const stepMs = Math.round(options.delayMs / 3);
  const steadyMs = Math.max(stepMs * 4, 50);

  async function schedule(tx: Db, containerId: number, phase: Phase, revision?: string) {
    await scheduleContainer(tx, {
      containerId,
      phase,
      delayMs: phase === 'steady' ? steadyMs : stepMs,
      revision: revision ?? newRevision(),
      newRevision: revision !== undefined,
    });
  }

  async function log(
    tx: Db,
    replica: { id: number },
    lines: string[],
    stream: 'stdout' | 'stderr' = 'stdout',
  ) {
    await reports.logged(
      tx,
      { kind: 'replica', id: replica.id },
      stream,
      lines.map((text) => ({ text })),
    );
  }

  /**
   * A new replica of the revision, from the image its replicas run: a change saved but not yet rolled out
   * (the container row holds the new image) must not reach the running revision when it scales.
   */
  async function addReplica(
    tx: Db,
    container: RuntimeContainer,
    revision: string,
    existing: RuntimeReplica[],
  ) {
    const prefix = `${container.name}-${revision}-`;
    const siblings = existing.filter((replica) => replica.name.startsWith(prefix));
    const used = siblings.map((replica) => Number(replica.name.slice(prefix.length)));
    const index = Math.max(0, ...used) + 1;
    const image = siblings[0]?.image ?? container.image;
    const message = `Pulling image ${image}`;
    const replica = await reports.replicaAdded(tx, {
      containerId: container.id,
      name: `${prefix}${index}`,
      image,
      status: 'pending',
      statusMessage: message,
    });
    if (replica) await log(tx, replica, [message]);
  }

  async function start(tx: Db, container: RuntimeContainer, replica: RuntimeReplica) {
    const exitCode = simulatedExitCode(container);
    if (exitCode !== 0) {
      await crash(tx, container, replica, exitCode);
      return;
    }
    await reports.replicaChanged(tx, replica.id, { status: 'running', statusMessage: 'Started' });
    await reports.replicaStarted(tx, replica);
    const ports = container.ports.length ? ` on port ${container.ports.join(', ')}` : '';
    await log(tx, replica, [
      `Pulled image ${replica.image}`,
      `Started container ${container.name}`,
      `Listening${ports}`,
      'Ready to accept requests',
    ]);
  }

  /** The replica's command exits: it is failed until started again (a rollout does, a few times). */
  async function crash(tx: Db, container: RuntimeContainer, replica: RuntimeReplica, exitCode: number) {
    await reports.replicaChanged(tx, replica.id, {
      status: 'failed',
      statusMessage: `CrashLoopBackOff: exited with code ${exitCode}`,
      failures: replica.failures + 1,
    });
    await log(tx, replica, [`Pulled image ${replica.image}`, `Started container ${container.name}`]);
    await log(
      tx,
      replica,
      [`Error: ${commandLineOf(container)} failed`, `exited with code ${exitCode}`],
      'stderr',
    );
    await reports.replicaFailed(tx, replica, `exited with code ${exitCode}`);
  }

  /** The rollout gives up: the container is failed and unlocked, the previous set keeps serving. */
  async function failRollout(tx: Db, container: RuntimeContainer, replica: RuntimeReplica) {
    await reports.deployFailed(
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
  async function stop(tx: Db, replica: RuntimeReplica, why: string) {
    if (replica.status !== 'terminating') {
      await reports.replicaChanged(tx, replica.id, {
        status: 'terminating',
        statusMessage: `Stopping: ${why}`,
      });
      await log(tx, replica, ['Received SIGTERM, shutting down'], 'stderr');
      return;
    }
    const reason = replica.statusMessage?.replace(/^Stopping: /, '') ?? why;
    await reports.replicaStopped(tx, replica, reason);
  }

  async function roll(tx: Db, container: RuntimeContainer, revision: string, replicas: RuntimeReplica[]) {
    const current = replicas.filter((replica) => replica.name.startsWith(`${container.name}-${revision}-`));
    const previous = replicas.filter((replica) => !current.includes(replica));
    const pending = current.find((replica) => replica.status === 'pending');
    const crashed = current.find((replica) => replica.status === 'failed');
    const target = container.wantedReplicas;
    await reports.replicasAimedAt(tx, container, target, true);
    if (crashed && crashed.failures >= ROLLOUT_ATTEMPTS) {
      await failRollout(tx, container, crashed);
      return;
    }
    if (pending) await start(tx, container, pending);
    else if (crashed) await start(tx, container, crashed);
    else if (current.length < target) await addReplica(tx, container, revision, current);
    else if (current.length > target) await stop(tx, current.at(-1) as RuntimeReplica, 'scaled down');
    else if (previous[0]) await stop(tx, previous[0], 'replaced by the new revision');
    else {
      await reports.deployFinished(
        tx,
        container,
        `${current.length} of ${current.length} replicas running ${current[0]?.image ?? container.image}`,
      );
      await schedule(tx, container.id, 'steady');
      return;
    }
    await schedule(tx, container.id, 'rolling');
  }

  async function keepRunning(
    tx: Db,
    container: RuntimeContainer,
    revision: string,
    replicas: RuntimeReplica[],
  ) {
    const live = replicas.filter((replica) => replica.status !== 'terminating');
    const pending = live.find((replica) => replica.status === 'pending');
    const terminating = replicas.find((replica) => replica.status === 'terminating');
    const load = simulatedLoad(container.id, Date.now(), steadyMs * 20);
    const target = autoscaleTarget(container, live.length, load);
    await reports.replicasAimedAt(tx, container, target, true);
    if (terminating) await stop(tx, terminating, 'scaled down');
    else if (pending) await start(tx, container, pending);
    else if (live.length < target) await addReplica(tx, container, revision, replicas);
    else if (live.length > target) await stop(tx, live.at(-1) as RuntimeReplica, 'scaled down');

    const running = replicas.filter((replica) => replica.status === 'running');
    if (container.healthCheck && running.length) {
      const line = `GET ${container.healthCheck.path} 200 (health check on port ${container.healthCheck.port})`;
      for (const replica of running) await log(tx, replica, [line]);
    }
    if (running.length) {
      await reports.sampled(
        tx,
        { kind: 'container', id: container.id },
        simulatedSample(container, load, running.length),
      );
      // Volumes are the volumes module's; the runtime only reports how full they are.
      await reports.volumesFilled(tx, container.id, VOLUME_GROWTH_BYTES);
    }
    await schedule(tx, container.id, 'steady');
  }

  async function removeAll(tx: Db, container: RuntimeContainer, replicas: RuntimeReplica[]) {
    if (replicas.length === 0) {
      await reports.containerRemoved(tx, container.id);
      return;
    }
    for (const replica of replicas) await stop(tx, replica, 'container deleted');
    await schedule(tx, container.id, 'deleting');
  }

  return {
    async apply(tx: Db, container: { id: number }) {
      await schedule(tx, container.id, 'rolling', newRevision());
    },
    async delete(tx: Db, container: { id: number }) {
      await schedule(tx, container.id, 'deleting');
    },
    /** One step for every container that is due; returns how many it advanced. */
    async reconcile(db: Db): Promise<number> {
      return db.transaction(async (tx) => {
        const due = await lockDueContainers(tx, 50);
        if (due.length === 0) return 0;
        const ids = due.map((row) => row.containerId);
        const [containers, replicas] = await Promise.all([
          reports.containers(tx, ids),
          reports.replicasOf(tx, ids),
        ]);
        for (const row of due) {
          const container = containers.get(row.containerId);
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
