import { createRootRouteWithContext, redirect } from '@tanstack/react-router';
import { AccountLoadError, AccountLoading } from '../layouts/account-loading.tsx';
import { AppShell } from '../layouts/app-shell.tsx';
import type { RouterContext } from '../router/context.ts';
import { resolveRouteMeta, type RouteParams } from '../router/route-meta.ts';

export const Route = createRootRouteWithContext<RouterContext>()({
  staticData: { title: null },
  // The global guard (SPEC §2) runs before every navigation, with what the destination's routes declare.
  beforeLoad: async ({ matches, cause, context }) => {
    if (cause === 'preload') return;
    const leafParams: { namespaceName?: string } & RouteParams = matches.at(-1)?.params ?? {};
    const redirectTo = await context.guard({
      meta: resolveRouteMeta(
        matches.map((match) => match.staticData),
        leafParams,
      ),
      namespaceName: leafParams.namespaceName,
    });
    if (redirectTo) throw redirect({ to: redirectTo, replace: true });
  },
  component: AppShell,
  pendingComponent: AccountLoading,
  errorComponent: AccountLoadError,
});
