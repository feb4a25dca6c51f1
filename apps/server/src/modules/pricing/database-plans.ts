import { withReplicas } from './replicated-plans.ts';

// Our database offer, priced in the one price list: monthly EUR cents. Cluster plans (API.md `Plan`) come in
// groups by size, each with one replica or three (a primary and two standbys: three times the price).
// Legacy single-node databases keep their own node types (`NodeType`), sold as one node or three.

export interface DatabaseClusterPlan {
  id: string;
  name: string;
  group: string;
  cpu: number;
  memoryGb: number;
  storageGb: number;
  replicas: 1 | 3;
  monthlyPriceCents: number;
}

const SIZES = [
  { key: 'xs', name: 'Extra small', group: 'Development', cpu: 1, memoryGb: 1, storageGb: 10, cents: 1500 },
  { key: 's', name: 'Small', group: 'General purpose', cpu: 1, memoryGb: 2, storageGb: 25, cents: 3000 },
  { key: 'm', name: 'Medium', group: 'General purpose', cpu: 2, memoryGb: 4, storageGb: 50, cents: 6000 },
  { key: 'l', name: 'Large', group: 'General purpose', cpu: 4, memoryGb: 8, storageGb: 100, cents: 12000 },
  {
    key: 'xl',
    name: 'Extra large',
    group: 'Memory optimised',
    cpu: 4,
    memoryGb: 16,
    storageGb: 200,
    cents: 20000,
  },
] as const;

export const DATABASE_CLUSTER_PLANS: readonly DatabaseClusterPlan[] = withReplicas(SIZES);

export interface LegacyNodeType {
  id: number;
  key: string;
  name: string;
  numberOfNodes: 1 | 3;
  description: string;
  cpu: number;
  ramGb: number;
  storageGb: number;
  monthlyPriceCents: number;
}

const NODE_SIZES = [
  { key: 'db.small', name: 'Small', cpu: 1, ramGb: 2, storageGb: 20, cents: 2500 },
  { key: 'db.medium', name: 'Medium', cpu: 2, ramGb: 4, storageGb: 40, cents: 5000 },
  { key: 'db.large', name: 'Large', cpu: 4, ramGb: 8, storageGb: 80, cents: 10000 },
] as const;

export const LEGACY_NODE_TYPES: readonly LegacyNodeType[] = ([1, 3] as const).flatMap(
  (numberOfNodes, group) =>
    NODE_SIZES.map((size, index) => ({
      id: group * NODE_SIZES.length + index + 1,
      key: numberOfNodes === 1 ? size.key : `${size.key}.cluster`,
      name: numberOfNodes === 1 ? size.name : `${size.name} cluster`,
      numberOfNodes,
      description: `${size.cpu} vCPU, ${size.ramGb} GB RAM, ${size.storageGb} GB storage${numberOfNodes === 3 ? ' on each of 3 nodes' : ''}`,
      cpu: size.cpu,
      ramGb: size.ramGb,
      storageGb: size.storageGb,
      monthlyPriceCents: size.cents * numberOfNodes,
    })),
);
