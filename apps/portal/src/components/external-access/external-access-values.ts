import type { Control, UseFormSetError } from 'react-hook-form';
import type { $RefinementCtx } from 'zod/v4/core';
import type { ExternalConnectionInput, ExternalConnectionViewFragment, Protocol } from '../../gql/graphql.ts';
import { GraphQLRequestError } from '../../lib/graphql/errors.ts';

// The external access of a container, a database cluster or a message queue as their forms edit it (API.md
// "external connections"): whether it is reachable from the internet, on shared or its own addresses, and the
// ports forwarded, as typed. Only what every form needs up front is here; the rules, the inputs sent and the
// placing of the platform's refusals come with the section's own code (external-access-rules.ts), loaded once
// the customer turns access on or opens a resource that has it: most resources have none, and the heaviest
// forms (a container's) must not carry its weight.

export interface ExternalPortValues {
  /** `443/TCP`: the port as the platform has it, when the form opened with it; null for a new port. */
  key: string | null;
  /** Empty: chosen by the platform (the internal port when free on the address, else one from 30000). */
  externalPort: string;
  /** A container's port; empty for a cluster or queue, which forward to their service port. */
  internalPort: string;
  protocol: Protocol;
  /** Addresses and CIDR ranges, separated by commas, spaces or lines; empty lets everyone in. */
  allowlist: string;
}

export interface ExternalAccessValues {
  /** Reachable from the internet. */
  enabled: boolean;
  /** On the customer's shared address pair, or on a pair of its own (priced by the month). */
  sharedIp: boolean;
  ports: ExternalPortValues[];
}

/** What the section forwards to: a container's ports, or a cluster's or queue's one service port. */
export type ExternalAccessTarget =
  | { kind: 'container'; ports: readonly number[] }
  | {
      kind: 'service';
      /** `database cluster`, `message queue`. */
      noun: string;
      /** The service port, once the resource has one, or what it is called before (`The PostgreSQL port`). */
      port: number | string;
    };

/** The values of a form that has the section: it edits `externalAccess` alone. */
export interface WithExternalAccess {
  externalAccess: ExternalAccessValues;
}

/** The form's control as the section sees it: only `externalAccess`. */
export type ExternalAccessControl = Control<WithExternalAccess>;

/**
 * A form's control for the section. react-hook-form's Control is invariant in the values, so a form with
 * more fields is not assignable as it is; the section reads and writes only `externalAccess`.
 */
export function externalAccessControl<TValues extends WithExternalAccess>(
  control: Control<TValues>,
): ExternalAccessControl {
  return control as unknown as ExternalAccessControl;
}

export const noExternalAccess: ExternalAccessValues = { enabled: false, sharedIp: true, ports: [] };

/** The section's values for the connection a resource has (none: not reachable). */
export function externalAccessValues(
  connection: ExternalConnectionViewFragment | null | undefined,
): ExternalAccessValues {
  if (!connection) return noExternalAccess;
  return {
    enabled: true,
    sharedIp: connection.sharedIp,
    ports: connection.ports.map((port) => ({
      key: `${port.externalPort}/${port.protocol}`,
      externalPort: String(port.externalPort),
      internalPort: port.internalPort == null ? '' : String(port.internalPort),
      protocol: port.protocol,
      allowlist: port.allowList.join(', '),
    })),
  };
}

/** The section's rules and inputs: fetched with the section's fields, or when a form needs them first. */
export const loadExternalAccessRules = () =>
  import('./external-access-loader.ts').then((loader) => loader.loadExternalAccessRules());

/**
 * A refinement for a form's schema (`z.superRefine(externalAccessRefinement(…))`): the section's rules, each
 * issue at the field it is about, while access is on. Asynchronous (the rules come with the section's code):
 * react-hook-form's zod resolver parses asynchronously.
 */
export function externalAccessRefinement<TValues extends WithExternalAccess>(
  target: (values: TValues) => ExternalAccessTarget,
) {
  return async (values: TValues, ctx: $RefinementCtx<TValues>) => {
    if (!values.externalAccess.enabled) return;
    const { externalAccessIssues } = await loadExternalAccessRules();
    for (const issue of externalAccessIssues(values.externalAccess, target(values))) {
      ctx.issues.push({
        code: 'custom',
        input: values,
        path: ['externalAccess', ...issue.path],
        message: issue.message,
      });
    }
  };
}

/**
 * The params of the refinement's `z.superRefine`: it runs whatever the form's other checks found (zod skips a
 * check once an earlier one has reported an issue), so the section says what is wrong with it as it is typed.
 */
export const checkedAlongside = { when: () => true };

/** What a create input's `externalConnection` is for the values: null while not reachable. */
export async function externalConnectionCreateInput(
  values: ExternalAccessValues,
  target: ExternalAccessTarget,
): Promise<ExternalConnectionInput | null> {
  if (!values.enabled) return null;
  const { toExternalConnectionInput } = await loadExternalAccessRules();
  return toExternalConnectionInput(values, target);
}

/**
 * What a modify input's `externalConnection` is from the values the form opened with to those saved: a patch
 * (API.md), or undefined (left out) when nothing changed.
 */
export async function externalConnectionPatch(
  initial: ExternalAccessValues,
  current: ExternalAccessValues,
  target: ExternalAccessTarget,
): Promise<ExternalConnectionInput | undefined> {
  if (!initial.enabled && !current.enabled) return undefined;
  const { toExternalConnectionPatch } = await loadExternalAccessRules();
  return toExternalConnectionPatch(initial, current, target);
}

/**
 * Puts the platform's refusals of the external connection (BAD_USER_INPUT on `externalConnection.…`) on the
 * section's fields, or on the section where no field is named; answers the rest of the refusal for the form to
 * place as before, or null when nothing is left.
 */
export async function showConnectionRefusal<TValues extends WithExternalAccess>(
  error: GraphQLRequestError,
  values: TValues,
  setError: UseFormSetError<TValues>,
): Promise<GraphQLRequestError | null> {
  const isConnection = (field: string | undefined) => field?.startsWith('externalConnection') ?? false;
  const refused = error.errors.filter((item) => isConnection(item.extensions?.field));
  if (refused.length === 0) return error;
  const { placeConnectionRefusal } = await loadExternalAccessRules();
  placeConnectionRefusal(
    refused,
    values.externalAccess,
    setError as unknown as UseFormSetError<WithExternalAccess>,
  );
  const rest = error.errors.filter((item) => !isConnection(item.extensions?.field));
  return rest.length ? new GraphQLRequestError(rest) : null;
}
