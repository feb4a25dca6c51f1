import type { UsageResourceType } from '@/gql/billing/graphql.ts';

/** The resource types usage is charged for, in the order the page lists them. */
export const usageResourceTypes: readonly UsageResourceType[] = [
  'CONTAINER',
  'CONTAINER_JOB',
  'VOLUME',
  'IPADDRESS',
];

export const usageResourceTypeLabels: Record<UsageResourceType, string> = {
  CONTAINER: 'Containers',
  CONTAINER_JOB: 'Container jobs',
  VOLUME: 'Volumes',
  IPADDRESS: 'Dedicated IP addresses',
};
