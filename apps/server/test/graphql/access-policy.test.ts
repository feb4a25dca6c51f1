import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_CALLS, MUTATIONS } from '../../src/modules/accounts/authorize.ts';
import { billingRequest, rows, sql } from '../support/billing.ts';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { CREATE_CLUSTER, waitForCluster } from '../support/database-clusters.ts';
import { billingApi, expectGraphQLError, platformApi } from '../support/http.ts';
import { seedNamespace } from '../support/seed.ts';
import { startServer, type TestServer } from '../support/server.ts';

// The access policy as the server enforces it: every mutation of every GraphQL API, read from the schema
// files (not from a hand-written list), is sent by a customer in each standing; the rules of issue 24 say
// which must be refused. A refusal is FORBIDDEN with the policy's sentence, and writes nothing.

const require = createRequire(import.meta.url);
const API_FILES = {
  platform: 'platform.graphql',
  billing: 'billing.graphql',
  'console-logs': 'console-logs.graphql',
};
type ApiName = keyof typeof API_FILES;

const mutationsOf = (api: ApiName) => {
  const schema = buildSchema(readFileSync(require.resolve(`@berth/schema/${API_FILES[api]}`), 'utf8'));
  return Object.values(schema.getMutationType()?.getFields() ?? {}).map((field) => ({ api, field }));
};
const ALL_MUTATIONS = (Object.keys(API_FILES) as ApiName[]).flatMap(mutationsOf);

/** The names every sample input uses: a namespace and resources the customers' worlds hold. */
const NAME = 'gate';

/** A value of the type that passes GraphQL validation (required fields filled, lists empty). */
function sample(type: GraphQLInputType, field: string, customerId: number): unknown {
  if (isNonNullType(type)) return sample(type.ofType, field, customerId);
  if (isListType(type)) return [];
  if (isEnumType(type)) return type.getValues()[0]?.value;
  if (isInputObjectType(type)) {
    return Object.fromEntries(
      Object.values(type.getFields())
        .filter((input) => isNonNullType(input.type) && input.defaultValue === undefined)
        .map((input) => [input.name, sample(input.type, input.name, customerId)]),
    );
  }
  if (!isScalarType(type)) throw new Error(`no sample for ${String(type)}`);
  if (field === 'customerId') return String(customerId);
  switch (type.name) {
    case 'Int':
    case 'Float':
      return 1;
    case 'Boolean':
      return false;
    case 'DateTime':
      return new Date().toISOString();
    default:
      return NAME;
  }
}

/** The mutation as a request: every argument a variable with a sample value; the least selection. */
function request(field: GraphQLField<unknown, unknown>, customerId: number) {
  const declarations = field.args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const args = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const selection = isScalarType(getNamedType(field.type)) ? '' : ' { __typename }';
  return {
    query: `mutation${declarations ? `(${declarations})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`,
    variables: Object.fromEntries(
      field.args.map((arg) => [arg.name, sample(arg.type, arg.name, customerId)]),
    ),
  };
}

/** Everything a customer has that a change would write: rows of each kind, sizes, plans, the audit log. */
async function footprint(server: TestServer, customerId: number) {
  const [counts] = await rows<Record<string, unknown>>(
    server,
    sql`SELECT
      (SELECT count(*) FROM audit_entries WHERE customer_id = ${customerId}) AS audit,
      (SELECT json_agg(n.name || ':' || n.state ORDER BY n.id) FROM namespaces n WHERE n.customer_id = ${customerId}) AS namespaces,
      (SELECT json_agg(v.name || ':' || v.size_gb || ':' || v.state ORDER BY v.id) FROM volumes v
        JOIN namespaces n ON n.id = v.namespace_id WHERE n.customer_id = ${customerId}) AS volumes,
      (SELECT json_agg(c.name || ':' || c.plan_id || ':' || c.state ORDER BY c.id) FROM database_clusters c
        JOIN namespaces n ON n.id = c.namespace_id WHERE n.customer_id = ${customerId}) AS clusters,
      (SELECT count(*) FROM database_cluster_users u JOIN database_clusters c ON c.id = u.cluster_id
        JOIN namespaces n ON n.id = c.namespace_id WHERE n.customer_id = ${customerId}) AS cluster_users,
      (SELECT count(*) FROM database_cluster_databases d JOIN database_clusters c ON c.id = d.cluster_id
        JOIN namespaces n ON n.id = c.namespace_id WHERE n.customer_id = ${customerId}) AS cluster_databases,
      (SELECT count(*) FROM containers c JOIN namespaces n ON n.id = c.namespace_id WHERE n.customer_id = ${customerId}) AS containers,
      (SELECT count(*) FROM container_jobs j JOIN namespaces n ON n.id = j.namespace_id WHERE n.customer_id = ${customerId}) AS jobs,
      (SELECT count(*) FROM private_registries r JOIN namespaces n ON n.id = r.namespace_id WHERE n.customer_id = ${customerId}) AS registries,
      (SELECT count(*) FROM legacy_cloud_databases WHERE customer_id = ${customerId}) AS legacy_databases,
      (SELECT count(*) FROM billing_sessions WHERE customer_id = ${customerId}) AS billing_sessions,
      (SELECT count(*) FROM billing_subscriptions WHERE customer_id = ${customerId}) AS subscriptions`,
  );
  return counts;
}

interface Standing {
  label: string;
  products: string[];
  suspended?: string;
}

const BOTH = ['serverless-container', 'cloud-database'];
const STANDINGS: Standing[] = [
  { label: 'subscribed to both products', products: BOTH },
  { label: 'new (free start, no cloud databases)', products: [] },
  ...[
    'PAYMENT_ISSUES',
    'MALICIOUS_ACTIVITY',
    'ABUSIVE_BEHAVIOUR',
    'SUPPORTING_PROHIBITED_CONTENT',
    'DEFAULT',
  ].map((reason) => ({ label: `suspended for ${reason}`, products: BOTH, suspended: reason })),
];

/** Issue 24's rules, stated apart from the policy's table so that the table is checked, not echoed. */
function mustRefuse(standing: Standing, area: string, action: string) {
  // The owner's own sign-in (password, two-factor) can be secured in every standing, suspended too.
  if (area === 'sign-in') return false;
  const adds = ['create', 'grow', 'change'].includes(action);
  if (standing.suspended) return adds;
  return adds && area === 'cloud-database' && !standing.products.includes('cloud-database');
}

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** A customer in this standing whose world holds namespace, volume and (with cloud databases) cluster `gate`. */
async function customerIn(standing: Standing): Promise<TestCustomer> {
  const customer = await createCustomer(server, { subscriptions: standing.products });
  const namespace = await seedNamespace(customer, NAME);
  await namespace.volume(NAME, 1);
  if (standing.products.includes('cloud-database')) {
    await customer.data(CREATE_CLUSTER, {
      input: { name: NAME, namespace: NAME, plan: 'xs-1', spec: { type: 'postgresql', version: '16' } },
    });
    await waitForCluster(customer, NAME, NAME);
  }
  if (standing.suspended) await customer.suspend(standing.suspended);
  return customer;
}

describe('the access policy table', () => {
  it('has an entry for every mutation of every API, and for no mutation that does not exist', () => {
    const names = ALL_MUTATIONS.map(({ field }) => field.name);
    expect(names.length).toBeGreaterThan(20);
    expect(new Set(names).size, 'mutation names are unique across the APIs').toBe(names.length);
    for (const name of names) expect(MUTATIONS[name], `access policy entry of ${name}`).toBeDefined();
    expect(Object.keys(MUTATIONS).sort()).toEqual([...names].sort());
  });
});

describe.each(STANDINGS)('a customer $label', (standing) => {
  let customer: TestCustomer;
  beforeAll(async () => {
    customer = await customerIn(standing);
  });

  it('is refused, with a sentence and nothing written, exactly the mutations the rules refuse', async () => {
    const token = await customer.token();
    const refused = (name: string) => {
      const operation = MUTATIONS[name];
      if (!operation) throw new Error(`no policy entry for ${name}`);
      return mustRefuse(standing, operation.area, operation.action);
    };
    // The refused ones first: an allowed delete changes the world while the provisioner applies it.
    const ordered = [...ALL_MUTATIONS].sort(
      (a, b) => Number(refused(b.field.name)) - Number(refused(a.field.name)),
    );
    for (const { api, field } of ordered) {
      const { query, variables } = request(field, customer.customerId);
      const endpoint = api === 'platform' ? platformApi : api === 'billing' ? billingApi : null;
      if (!endpoint) throw new Error(`no client for the ${api} API`);
      const before = await footprint(server, customer.customerId);
      const response = await endpoint(server.url, token).gql(query, variables);
      if (refused(field.name)) {
        const error = expectGraphQLError(response, 'FORBIDDEN');
        expect(error.message, field.name).toMatch(
          standing.suspended === 'PAYMENT_ISSUES'
            ? /^Your account is suspended because of payment issues, so nothing can be created, grown or changed: pay the open invoice on the billing page\.$/
            : standing.suspended
              ? /^Your account is suspended.*: contact customer support\.$/
              : /^Database clusters need the cloud databases subscription: subscribe on the Cloud databases page\.$/,
        );
        expect(await footprint(server, customer.customerId), `${field.name} wrote nothing`).toEqual(before);
      } else {
        // Allowed by the policy; the free start's own limits (SPEC §6) may still refuse a second of a kind.
        for (const error of response.body.errors ?? []) {
          if (error.extensions?.code === 'FORBIDDEN')
            expect(error.message, field.name).toMatch(/^Without a subscription/);
        }
      }
    }
  });

  it('is refused or served by the billing REST calls as the rules say', async () => {
    // What a billing call could write (the world's own deletes, allowed above, may still be settling).
    const billingFootprint = async () => {
      const counts = await footprint(server, customer.customerId);
      return [counts?.audit, counts?.billing_sessions, counts?.subscriptions];
    };
    for (const [call, operation] of Object.entries(BILLING_CALLS)) {
      const path = call.replace(/^POST /, '');
      const before = await billingFootprint();
      const { status, body } = await billingRequest(server, path, await customer.token(), {});
      if (mustRefuse(standing, operation.area, operation.action)) {
        expect(status, call).toBe(403);
        expect(await billingFootprint()).toEqual(before);
      } else {
        expect(status, `${call}: ${JSON.stringify(body)}`).not.toBe(403);
      }
    }
  });
});

describe('what was found (issue 24)', () => {
  it('a customer suspended for payment issues adds no cluster, volume or registry and grows no volume', async () => {
    const customer = await customerIn({ label: 'suspended', products: [], suspended: 'PAYMENT_ISSUES' });
    const before = await footprint(server, customer.customerId);
    const attempts = [
      customer.gql(CREATE_CLUSTER, {
        input: { name: 'big', namespace: NAME, plan: 'xl-3', spec: { type: 'postgresql', version: '16' } },
      }),
      customer.gql(
        'mutation { volumeCreate(volumeInput: {name: "big", namespace: "gate", size: 50}) { id } }',
      ),
      customer.gql(
        'mutation { volumeIncrease(volumeInput: {name: "gate", namespace: "gate", size: 500}) { id } }',
      ),
      customer.gql(
        `mutation { registryConnectionCreate(registryInput: {namespace: "gate", name: "hub", source: "registry.example",
          username: "u", password: "p", verify: false}) { id } }`,
      ),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(expectGraphQLError(response, 'FORBIDDEN').message).toContain(
        'pay the open invoice on the billing page',
      );
    }
    expect(await footprint(server, customer.customerId)).toEqual(before);
  });
});
