import { isTransitional } from '../../../components/state-chip.tsx';

/** While a volume is locked or in a transitional state, its list refreshes at this pace. */
export const pollIntervalMs = 2000;

export function isChanging(volume: { state: string; locked: boolean }): boolean {
  return volume.locked || isTransitional(volume.state);
}
