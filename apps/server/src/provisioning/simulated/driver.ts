import type { RuntimeDriver } from '../driver.ts';

// Nothing really runs: changes take a configurable time, then succeed, as the customer would see them.
export function createSimulatedDriver(options: { delayMs: number }): RuntimeDriver {
  return {
    name: 'simulated',
    settleDelayMs: () => options.delayMs,
    applyNamespace: async () => undefined,
    deleteNamespace: async () => undefined,
  };
}
