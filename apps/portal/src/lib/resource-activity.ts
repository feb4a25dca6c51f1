// Resource states are free text from the platform; these are the ones that mean a change is under way.
const transitionalStates = new Set(['creating', 'updating', 'deleting', 'pending', 'starting']);
// A container job's run is under way while it waits to start or runs.
const activeRunStatuses = new Set(['pending', 'running']);

/** While something shown is changing, the screen showing it refreshes at this pace. */
export const pollIntervalMs = 2000;

export function isTransitional(state: string): boolean {
  return transitionalStates.has(state.toLowerCase());
}

export interface ChangeableResource {
  state: string;
  locked: boolean;
  /** A container job's runs, newest first. */
  runs?: readonly { status: string }[];
}

/** Locked, in a transitional state, or (a job) with a run waiting to start or running. */
export function isChanging(resource: ChangeableResource): boolean {
  return (
    resource.locked ||
    isTransitional(resource.state) ||
    (resource.runs ?? []).some((run) => activeRunStatuses.has(run.status.toLowerCase()))
  );
}

/**
 * A query's `refetchInterval`: refresh at `pollIntervalMs` while `changing` holds for its data, not at all
 * otherwise. TanStack Query pauses the interval in a hidden tab.
 */
export function pollWhile<TData>(changing: (data: TData) => boolean) {
  return (query: { state: { data: TData | undefined } }): number | false =>
    query.state.data !== undefined && changing(query.state.data) ? pollIntervalMs : false;
}

/**
 * The `staleTime` of a resource page's query: its layout loads it and the open tab follows the same answer, so
 * the tab mounting a moment later does not ask again (nor, after that, its events, which refresh when the
 * resource does). Polling and invalidation after a change refresh it as before.
 */
export const resourcePageStaleTimeMs = 5_000;

/** Said after a resource's name where its state is not shown (a confirmation naming it): how it is changing. */
export function changeNote(resource: { state: string; locked?: boolean }): string | undefined {
  if (resource.state.toLowerCase() === 'deleting') return 'being deleted';
  return resource.locked || isTransitional(resource.state) ? 'being changed' : undefined;
}
