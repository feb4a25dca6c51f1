import { graphql, http, HttpResponse } from 'msw';
import type { AccountQuery, SuspendedReason } from '../../src/gql/graphql.ts';
import { namespace, type ContainerRow, type VolumeRow } from './fixtures.ts';
import { sessionsAnswer, thisSession } from './account-sessions.ts';
import { apiKeysAnswer } from './account-api-keys.ts';

// What the platform and the identity provider answer in unit tests unless a test says otherwise
// (`server.use(...)`): a signed-in customer with full access, subscribed to serverless containers and to cloud
// databases. Everything else is unhandled, and an unhandled request fails the test (server.ts).

const realm = `${window.location.origin}/realms/berth`;
const tokenEndpoint = `${realm}/protocol/openid-connect/token`;

export const account: NonNullable<AccountQuery['account']> = {
  id: 'account-1',
  role: 'customer',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  emailVerified: true,
  customer: { id: 'customer-1', name: 'Analytical Engines', recurringPayment: true, suspendedReason: null },
};

/** The signed-in account's customer is suspended for `reason` (its permissions: none, `permissions()`). */
export const suspendedAccount = (reason: SuspendedReason) =>
  graphql.query('Account', () =>
    HttpResponse.json({
      data: { account: { ...account, customer: { ...account.customer, suspendedReason: reason } } },
    }),
  );

/**
 * The identity provider's answer to the UMA permissions request: these scopes on serverless containers, and
 * `create` on cloud databases if `cloudDatabases` (their subscription). No scopes at all: a suspended customer.
 */
export function permissions(...scopes: ('create' | 'create-limited')[]) {
  return permissionsWith({ serverlessContainer: scopes, cloudDatabases: false });
}

export function permissionsWith({
  serverlessContainer,
  cloudDatabases,
}: {
  serverlessContainer: ('create' | 'create-limited')[];
  cloudDatabases: boolean;
}) {
  const granted = [
    ...(serverlessContainer.length ? [{ rsname: 'serverless-container', scopes: serverlessContainer }] : []),
    ...(cloudDatabases ? [{ rsname: 'cloud-database', scopes: ['create'] }] : []),
  ];
  return http.post(tokenEndpoint, () =>
    granted.length
      ? HttpResponse.json(granted)
      : HttpResponse.json({ error: 'access_denied' }, { status: 403 }),
  );
}

/**
 * The platform's price list: monthly EUR cents per container size (per replica) and per GB of volume. By default
 * the smallest size at 170 cents and 10 cents a GB, as the server lists them.
 */
export function priceList({
  sizes = { CPU_250_RAM_500: 170 },
  volumeGbCents = 10,
}: { sizes?: Record<string, number>; volumeGbCents?: number } = {}) {
  return graphql.query('PriceList', () =>
    HttpResponse.json({
      data: {
        containerSizes: Object.entries(sizes).map(([id, amount]) => {
          const [, millicores = 0, megabytes = 0] = /^CPU_(\d+)_RAM_(\d+)$/.exec(id)?.map(Number) ?? [];
          return { id, cpu: millicores / 1000, ram: megabytes / 1000, price: { amount, currency: 'EUR' } };
        }),
        volume: [{ id: 'VOLUME_GB', price: { amount: volumeGbCents, currency: 'EUR' } }],
      },
    }),
  );
}

/** What a pair of addresses of its own costs a month: 300 cents (`null`: the platform lists no price). */
export function ipAddressPrice(amount: number | null = 300) {
  return graphql.query('IpAddressPrice', () =>
    HttpResponse.json({
      data: { resourceSpecifications: [{ id: 'IPADDRESS', price: { amount, currency: 'EUR' } }] },
    }),
  );
}

/** The namespace `name` (its `Namespace` query) with these containers on its Containers tab. */
export function namespaceWithContainers(name: string, containers: ContainerRow[]) {
  return [
    graphql.query('Namespace', () => HttpResponse.json({ data: { namespace: namespace(name) } })),
    graphql.query('NamespaceContainers', () =>
      HttpResponse.json({ data: { namespace: { id: '1', containers } } }),
    ),
  ];
}

/** The namespace `name` (its `Namespace` query) with these volumes on its Volumes tab. */
export function namespaceWithVolumes(name: string, volumes: VolumeRow[]) {
  return [
    graphql.query('Namespace', () => HttpResponse.json({ data: { namespace: namespace(name) } })),
    graphql.query('NamespaceVolumes', () => HttpResponse.json({ data: { namespace: { id: '1', volumes } } })),
  ];
}

export const defaultHandlers = [
  // Keycloak's discovery document: a request still in flight when a test ends finds no session and starts a
  // sign-in redirect, which needs the authorization endpoint.
  http.get(`${realm}/.well-known/openid-configuration`, () =>
    HttpResponse.json({
      issuer: realm,
      authorization_endpoint: `${realm}/protocol/openid-connect/auth`,
      token_endpoint: tokenEndpoint,
      end_session_endpoint: `${realm}/protocol/openid-connect/logout`,
    }),
  ),
  permissionsWith({ serverlessContainer: ['create'], cloudDatabases: true }),
  graphql.query('Account', () => HttpResponse.json({ data: { account } })),
  // The account page's Sessions section: this browser alone (account-sessions.test.tsx tests the rest).
  sessionsAnswer([thisSession]),
  // The account page's API keys section: none yet (account-api-keys.test.tsx tests the rest).
  apiKeysAnswer([]),
  priceList(),
  // External access's price of addresses of its own, as the server lists it.
  ipAddressPrice(),
  // The overviews' Events sections: nothing has happened yet.
  graphql.query('ContainerEvents', () => HttpResponse.json({ data: { container: { id: '1', events: [] } } })),
  graphql.query('ContainerJobEvents', () => HttpResponse.json({ data: { containerJob: { events: [] } } })),
];

/** The price list fails to load (an error the portal does not retry). */
export const priceListFails = graphql.query('PriceList', () =>
  HttpResponse.json({ errors: [{ message: 'Prices are down', extensions: { code: 'INTERNAL' } }] }),
);
