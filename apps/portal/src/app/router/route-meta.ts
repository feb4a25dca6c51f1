import type { SecurityRequirement } from '../../lib/auth/permissions.ts';

/** Which product a route belongs to, for the subscription flow (SPEC §2: /compute and /storage). */
export type SubscriptionTag = 'serverless-container' | 'cloud-database';

// The route table mechanism (SPEC §2): every route declares these in `staticData`. TypeScript makes
// `title` required on every route, so no page ships without one.
declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Page title before the product suffix; null for the product name alone. */
    title: string | null;
    /** The permission the customer must hold, else /not-allowed. Inherited by child routes. */
    security?: SecurityRequirement;
    /** A feature flag that must be on, else /not-allowed. Inherited by child routes. */
    featureFlag?: string;
    /** Inherited by child routes. */
    subscriptionTag?: SubscriptionTag;
  }
}

export interface RouteMeta {
  title: string | null;
  security?: SecurityRequirement;
  featureFlag?: string;
  subscriptionTag?: SubscriptionTag;
}

/** The leaf route's title; requirements declared on a parent apply to every route beneath it. */
export function resolveRouteMeta(chain: readonly Partial<RouteMeta>[]): RouteMeta {
  const resolved: RouteMeta = { title: chain.at(-1)?.title ?? null };
  for (const meta of chain) {
    if (meta.security) resolved.security = meta.security;
    if (meta.featureFlag) resolved.featureFlag = meta.featureFlag;
    if (meta.subscriptionTag) resolved.subscriptionTag = meta.subscriptionTag;
  }
  return resolved;
}

export const productName = 'Berth';

export function documentTitle(title: string | null): string {
  return title ? `${title} | ${productName}` : productName;
}
