import { isTransitional } from '../../../components/state-chip.tsx';

/** While any namespace is locked or in a transitional state, its list refreshes at this pace. */
export const pollIntervalMs = 2000;

export function isChanging(namespace: { state: string; locked: boolean }): boolean {
  return namespace.locked || isTransitional(namespace.state);
}
