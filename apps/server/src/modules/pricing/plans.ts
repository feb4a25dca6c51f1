// Our plans: the default plan id is the one the portal's checkout sends (SPEC.md §7). The monthly price
// (EUR cents) is the subscription's base fee, what the hosted checkout charges; usage is priced apart.
export const PRICING_PLANS = {
  serverlessContainers: {
    id: 'serverless-containers-EUR-Monthly',
    name: 'Serverless containers, monthly (EUR)',
    monthlyPriceCents: 900,
  },
  cloudDatabases: {
    id: 'cloud-databases-EUR-Monthly',
    name: 'Cloud databases, monthly (EUR)',
    monthlyPriceCents: 1500,
  },
};
