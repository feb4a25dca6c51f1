// Our plans: the default plan id is the one the portal's checkout sends (SPEC.md §7).
export const PRICING_PLANS = {
  serverlessContainers: {
    id: 'serverless-containers-EUR-Monthly',
    name: 'Serverless containers, monthly (EUR)',
  },
  cloudDatabases: { id: 'cloud-databases-EUR-Monthly', name: 'Cloud databases, monthly (EUR)' },
};
