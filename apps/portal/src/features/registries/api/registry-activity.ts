import { isTransitional } from '../../../components/state-chip.tsx';

/** While a registry is locked or in a transitional state, its list refreshes at this pace. */
export const pollIntervalMs = 2000;

export function isChanging(registry: { state: string; locked: boolean }): boolean {
  return registry.locked || isTransitional(registry.state);
}
