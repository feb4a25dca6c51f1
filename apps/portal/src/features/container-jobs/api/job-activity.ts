import { isTransitional } from '../../../components/state-chip.tsx';

/** While a job changes or one of its runs is under way, the screens showing it refresh at this pace. */
export const pollIntervalMs = 2000;

const activeRunStatuses = new Set(['pending', 'running']);

function isRunActive(run: { status: string }): boolean {
  return activeRunStatuses.has(run.status.toLowerCase());
}

/** Locked, in a transitional state, or with a run waiting to start or running. */
export function isActive(job: {
  state: string;
  locked: boolean;
  runs: readonly { status: string }[];
}): boolean {
  return job.locked || isTransitional(job.state) || job.runs.some(isRunActive);
}
