import * as z from 'zod/mini';
import {
  checkedAlongside,
  externalAccessRefinement,
  noExternalAccess,
  type ExternalAccessTarget,
  type ExternalAccessValues,
} from '@/components/external-access/external-access-values.ts';
import type { ExternalConnectionInput, MessageQueueCreateInput } from '@/gql/graphql.ts';
import { parseList } from '@/lib/validation/network.ts';
import { resourceNameProblem } from '@/lib/validation/resource-name.ts';
import type { BrokerVersion } from '../api/get-queue-offer.ts';
import { allowlistTextProblem } from './allowlist-rules.ts';

// The create form of a message queue, as typed, with the platform's rules for it: nothing it would refuse is
// sent, and what it refuses anyway (a name taken meanwhile) is shown on the field it names.

export interface QueueCreateValues {
  namespace: string;
  name: string;
  /** A broker version (`4.1`). */
  version: string;
  /** A plan id; empty until one is chosen. */
  plan: string;
  /** Who may connect: addresses and CIDR ranges, separated by commas, spaces or line breaks; empty for anyone. */
  allowlist: string;
  /** Go to the checkout of the plan once the queue is created. */
  payNow: boolean;
  externalAccess: ExternalAccessValues;
}

export const defaultQueueExtras = { externalAccess: noExternalAccess } as const;

/** What a new queue's external access forwards to: its AMQP port, known once it is placed. */
export const queueAccessTarget: ExternalAccessTarget = {
  kind: 'service',
  noun: 'message queue',
  port: 'The AMQP port',
};

export type QueueCreateField = keyof QueueCreateValues;

/** Every rule the values break, each at the field that has to change. */
export function queueCreateIssues(values: QueueCreateValues): { field: QueueCreateField; message: string }[] {
  const issues: { field: QueueCreateField; message: string | null }[] = [
    { field: 'namespace', message: values.namespace ? null : 'Choose a namespace' },
    { field: 'name', message: resourceNameProblem(values.name) },
    { field: 'version', message: values.version ? null : 'Choose a version' },
    { field: 'plan', message: values.plan ? null : 'Choose a plan' },
    { field: 'allowlist', message: allowlistTextProblem(values.allowlist) },
  ];
  return issues.flatMap(({ field, message }) => (message ? [{ field, message }] : []));
}

export const queueCreateSchema = z.custom<QueueCreateValues>().check(
  z.superRefine((values, ctx) => {
    for (const { field, message } of queueCreateIssues(values)) {
      ctx.issues.push({ code: 'custom', input: values, path: [field], message });
    }
  }),
  z.superRefine(
    externalAccessRefinement(() => queueAccessTarget),
    checkedAlongside,
  ),
);

/**
 * What the platform is asked to create; the broker's type is the chosen version's. External access
 * (`externalConnection`, from externalConnectionCreateInput) only when chosen.
 */
export function toCreateInput(
  values: QueueCreateValues,
  versions: readonly BrokerVersion[],
  externalConnection: ExternalConnectionInput | null = null,
): MessageQueueCreateInput {
  const type = versions.find((candidate) => candidate.version === values.version)?.type ?? 'rabbitmq';
  return {
    namespace: values.namespace,
    name: values.name,
    plan: values.plan,
    spec: { type, version: values.version },
    allowList: parseList(values.allowlist).map((ip) => ({ ip, state: 'PRESENT' })),
    ...(externalConnection && { externalConnection }),
  };
}

// The input fields the platform names in a refusal (extensions.field), as the form's fields.
export const queueFieldsOfInput: Readonly<Record<string, QueueCreateField>> = {
  name: 'name',
  namespace: 'namespace',
  plan: 'plan',
  'spec.type': 'version',
  'spec.version': 'version',
  allowList: 'allowlist',
};
