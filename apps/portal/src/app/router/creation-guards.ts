import { redirect } from '@tanstack/react-router';
import { showSnackbar } from '../../components/snackbar/snackbar-store.ts';
import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import { accessStatus, mayCreate, planLimitReasons } from '../../lib/auth/access.ts';
import { permissionsQueryOptions } from '../../lib/auth/queries.ts';
import { GraphQLRequestError } from '../../lib/graphql/errors.ts';
import { namespaceNamesQueryOptions } from '../../features/namespaces/api/get-namespace-names.ts';
import type { RouterContext } from './context.ts';

// The `beforeLoad` guards of the create pages that ask for `create-limited` (SPEC §2): full access, or
// restricted access while there is none of that kind yet; otherwise back to the list, which offers the
// upgrade, with a word on why the create page did not open.

/** Why a restricted customer lands on the list instead of the create page. */
function explainPlanLimit(reason: string): void {
  showSnackbar(`${reason} Upgrade to create more.`, 'warning');
}

/** A restricted customer may create only the first namespace; with one already, back to the list. */
export async function firstNamespaceGuard({ context: { queryClient } }: { context: RouterContext }) {
  const access = accessStatus(await queryClient.ensureQueryData(permissionsQueryOptions()));
  if (access.fullAccess) return;
  const namespaces = await queryClient.fetchQuery(namespaceNamesQueryOptions());
  if (!mayCreate(access, namespaces.length)) {
    explainPlanLimit(planLimitReasons.namespace);
    throw redirect({ to: '/compute/serverless-containers', replace: true });
  }
}

/**
 * The first container or job of a namespace. `loadNames` brings the query of the names that are there (a
 * chunk of its own, loaded only for a restricted customer).
 */
export function firstOfKindGuard<TNames extends readonly unknown[], TKey extends QueryKey>(
  loadNames: () => Promise<(namespace: string) => FetchQueryOptions<TNames, Error, TNames, TKey>>,
  listTo:
    | '/compute/serverless-containers/$namespaceName/containers'
    | '/compute/serverless-containers/$namespaceName/container-jobs',
  /** One of `planLimitReasons`. */
  planLimitReason: string,
) {
  return async ({
    params,
    context: { queryClient },
  }: {
    params: { namespaceName: string };
    context: RouterContext;
  }) => {
    const access = accessStatus(await queryClient.ensureQueryData(permissionsQueryOptions()));
    if (access.fullAccess) return;
    const namesQueryOptions = await loadNames();
    const existing = await queryClient
      .fetchQuery(namesQueryOptions(params.namespaceName))
      .catch((error: unknown) => {
        if (error instanceof GraphQLRequestError && error.hasCode('NOT_FOUND')) return null;
        throw error;
      });
    if (!existing) throw redirect({ to: listTo, params, replace: true });
    if (!mayCreate(access, existing.length)) {
      explainPlanLimit(planLimitReason);
      throw redirect({ to: listTo, params, replace: true });
    }
  };
}
