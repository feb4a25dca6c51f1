import { grants, type Permissions } from '../../lib/auth/permissions.ts';
import { documentTitle, type RouteMeta } from './route-meta.ts';

export interface GuardDependencies {
  loadAccount: () => Promise<{ id: string }>;
  refreshPermissions: () => Promise<Permissions>;
  /** Resolves once the account's flags are known, or could not be in a moment (lib/flags.ts); never rejects. */
  settleFlags: (accountId: string) => Promise<void>;
  isFeatureEnabled: (flag: string) => boolean;
  /** Drops the cached current namespace, database clusters and message queues of a namespace the customer left. */
  clearNamespaceCache: (namespaceName: string) => void;
  setTitle: (title: string) => void;
}

export interface GuardedNavigation {
  meta: RouteMeta;
  /** The namespace the destination belongs to, if any. */
  namespaceName: string | undefined;
}

const notAllowed = '/not-allowed';

/** Where to go instead, or null to continue. */
export type GlobalGuard = (navigation: GuardedNavigation) => Promise<typeof notAllowed | null>;

/**
 * The global guard of SPEC §2, run before every navigation, in the order the spec gives. The account is asked
 * first, but only a route that needs it (behind a feature flag, which is the account's) waits for it: the
 * page's own requests go out beside it, while the shell shows the account loading (app-shell.tsx). The
 * permissions a protected route needs are asked beside it too.
 */
export function createGlobalGuard(dependencies: GuardDependencies): GlobalGuard {
  let currentNamespace: string | undefined;

  return async ({ meta, namespaceName }) => {
    dependencies.setTitle(documentTitle(meta.title));
    const account = dependencies.loadAccount();
    const permissions = meta.security ? dependencies.refreshPermissions() : undefined;
    // Asked on every navigation (only the first asks the service), waited for by flagged routes only.
    const flagsSettled = account.then(({ id }) => dependencies.settleFlags(id));
    // A route without a flag leaves a failed account to the shell, which says so.
    if (!meta.featureFlag) flagsSettled.catch(() => undefined);
    if (meta.security && permissions && !grants(await permissions, meta.security)) return notAllowed;
    if (meta.featureFlag) {
      await flagsSettled;
      if (!dependencies.isFeatureEnabled(meta.featureFlag)) return notAllowed;
    }
    if (currentNamespace !== undefined && currentNamespace !== namespaceName) {
      dependencies.clearNamespaceCache(currentNamespace);
    }
    currentNamespace = namespaceName;
    return null;
  };
}
