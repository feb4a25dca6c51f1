import * as z from 'zod/mini';
import {
  checkedAlongside,
  externalAccessRefinement,
  noExternalAccess,
  type ExternalAccessTarget,
  type ExternalAccessValues,
} from '@/components/external-access/external-access-values.ts';
import type { CloudDatabaseClusterCreateInput, ExternalConnectionInput } from '@/gql/graphql.ts';
import { resourceNameProblem } from '@/lib/validation/resource-name.ts';
import { clusterDatabaseNameSchema, clusterUserNameSchema } from './cluster-names.ts';
import { engineLabel } from './cluster-offer.ts';

// The create form of a database cluster, as typed, with the platform's rules for it: nothing it would refuse
// is sent, and what it refuses anyway (a name taken meanwhile) is shown on the field it names.

export interface ClusterCreateValues {
  namespace: string;
  name: string;
  engine: string;
  version: string;
  /** A plan id; empty until one is chosen. */
  plan: string;
  /** The first database; empty for none. */
  databaseName: string;
  /** The first user, who reads and writes the first database; empty for none. */
  userName: string;
  /** Go to the checkout of the plan once the cluster is created (SPEC §8: "then checkout unless skipped"). */
  payNow: boolean;
  /** The advisor: analyses the databases once a day, suggesting missing indexes and settings. */
  advisor: boolean;
  externalAccess: ExternalAccessValues;
}

export const defaultClusterExtras = { advisor: false, externalAccess: noExternalAccess } as const;

/** What a new cluster's external access forwards to: its engine's port, known once it is placed. */
export const clusterAccessTarget = (engine: string): ExternalAccessTarget => ({
  kind: 'service',
  noun: 'database cluster',
  port: `The ${engineLabel(engine)} port`,
});

export type ClusterCreateField = keyof ClusterCreateValues;

function firstProblem(schema: z.ZodMiniType<string>, value: string): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Enter a valid name');
}

/** Every rule the values break, each at the field that has to change. */
export function clusterCreateIssues(
  values: ClusterCreateValues,
): { field: ClusterCreateField; message: string }[] {
  const issues: { field: ClusterCreateField; message: string | null }[] = [
    { field: 'namespace', message: values.namespace ? null : 'Choose a namespace' },
    { field: 'name', message: resourceNameProblem(values.name) },
    { field: 'version', message: values.version ? null : 'Choose a version' },
    { field: 'plan', message: values.plan ? null : 'Choose a plan' },
    {
      field: 'databaseName',
      message: values.databaseName && firstProblem(clusterDatabaseNameSchema, values.databaseName),
    },
    {
      field: 'userName',
      message:
        values.userName &&
        (firstProblem(clusterUserNameSchema, values.userName) ??
          (values.databaseName ? null : 'A user needs a database to use: name the first database too')),
    },
  ];
  return issues.flatMap(({ field, message }) => (message ? [{ field, message }] : []));
}

export const clusterCreateSchema = z.custom<ClusterCreateValues>().check(
  z.superRefine((values, ctx) => {
    for (const { field, message } of clusterCreateIssues(values)) {
      ctx.issues.push({ code: 'custom', input: values, path: [field], message });
    }
  }),
  z.superRefine(
    externalAccessRefinement((values: ClusterCreateValues) => clusterAccessTarget(values.engine)),
    checkedAlongside,
  ),
);

/**
 * What the platform is asked to create: the first user reads and writes the first database. The advisor and
 * external access (`externalConnection`, from externalConnectionCreateInput) only when chosen.
 */
export function toCreateInput(
  values: ClusterCreateValues,
  externalConnection: ExternalConnectionInput | null = null,
): CloudDatabaseClusterCreateInput {
  return {
    namespace: values.namespace,
    name: values.name,
    spec: { type: values.engine, version: values.version },
    plan: values.plan,
    databases: values.databaseName ? [{ name: values.databaseName }] : [],
    users: values.userName
      ? [
          {
            name: values.userName,
            permissions: [{ databaseName: values.databaseName, permission: 'READ_WRITE' }],
          },
        ]
      : [],
    ...(values.advisor && { advisor: { enabled: true } }),
    ...(externalConnection && { externalConnection }),
  };
}

// The input fields the platform names in a refusal (extensions.field), as the form's fields.
export const clusterFieldsOfInput: Readonly<Record<string, ClusterCreateField>> = {
  name: 'name',
  namespace: 'namespace',
  plan: 'plan',
  'spec.type': 'version',
  'spec.version': 'version',
  'databases.name': 'databaseName',
  'users.name': 'userName',
  'users.permissions': 'userName',
};
