import type { NamespaceRow } from '../modules/namespaces/store.ts';

/**
 * A runtime the provisioner applies desired state to. `simulated` answers like the real platform would;
 * `kubernetes` renders the same state to cluster objects.
 */
export interface RuntimeDriver {
  readonly name: string;
  /** How long the runtime takes before a change of this kind can be completed (the simulated delay). */
  settleDelayMs(kind: string, action: string): number;
  applyNamespace(namespace: NamespaceRow): Promise<void>;
  deleteNamespace(namespace: NamespaceRow): Promise<void>;
}
