import type { RuntimeReports, RuntimeRun } from '../../provisioning/runtime-port.ts';
import { updateRun } from './runs.ts';
import {
  createContainerJobStore,
  findRunByName,
  insertPendingRun,
  runsInProgress,
  runsWithJobs,
  type RunRow,
} from './store.ts';

// What the runtime reports of container job runs, recorded by the container-jobs module (updateRun adds
// the meter, the events and the duration sample).

type RunReports = Pick<
  RuntimeReports,
  | 'lockJob'
  | 'runNamed'
  | 'runAppeared'
  | 'runsWithJobs'
  | 'runStarted'
  | 'runRetried'
  | 'runFinished'
  | 'runsInProgress'
>;

const asRuntime = (run: RunRow): RuntimeRun => ({
  id: run.id,
  jobId: run.jobId,
  name: run.name,
  trigger: run.trigger,
  status: run.status,
  attempts: run.attempts,
});

export const runReports: RunReports = {
  async lockJob(tx, jobId) {
    const store = createContainerJobStore(tx);
    await store.lock(jobId);
    return (await store.findAnyById(jobId)) !== undefined;
  },
  async runNamed(tx, jobId, name) {
    const run = await findRunByName(tx, jobId, name);
    return run && asRuntime(run);
  },
  async runAppeared(tx, { jobId, name, trigger }) {
    await insertPendingRun(tx, {
      jobId,
      name,
      trigger: trigger.kind,
      scheduledAt: trigger.kind === 'schedule' ? trigger.scheduledAt : null,
    });
  },
  async runsWithJobs(tx, runIds) {
    const rows = await runsWithJobs(tx, runIds);
    return new Map(rows.map(({ run, job }) => [run.id, { run: asRuntime(run), job }]));
  },
  async runStarted(tx, runId, startTime) {
    await updateRun(tx, runId, { status: 'running', startTime, message: 'Running', attempts: 1 });
  },
  async runRetried(tx, runId, attempts) {
    await updateRun(tx, runId, { attempts, message: `Running: attempt ${attempts}` });
  },
  async runFinished(tx, runId, outcome) {
    await updateRun(tx, runId, outcome);
  },
  runsInProgress: (db) => runsInProgress(db),
};
