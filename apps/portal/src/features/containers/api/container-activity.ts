import { isTransitional } from '../../../components/state-chip.tsx';

/** While a container is locked or in a transitional state, the screens showing it refresh at this pace. */
export const pollIntervalMs = 2000;

export function isChanging(container: { state: string; locked: boolean }): boolean {
  return container.locked || isTransitional(container.state);
}
