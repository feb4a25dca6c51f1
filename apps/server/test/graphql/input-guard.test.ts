import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import {
  CONTAINER_BY_NAME,
  CREATE_CONTAINER,
  readyNamespace,
  type ContainerView,
} from '../support/containers.ts';
import { createCustomer, type TestCustomer } from '../support/customers.ts';
import { expectGraphQLError, type GraphQLBody, type JsonResponse } from '../support/http.ts';
import { CREATE_NAMESPACE } from '../support/queries.ts';
import { startServer, type TestServer } from '../support/server.ts';

// The check every argument passes at the GraphQL edge (graphql/input-guard.ts): strings without NUL,
// names without control characters, lengths and list sizes within limits, for variables and inline
// literals alike, each refusal a BAD_USER_INPUT naming the field; and input objects written inline
// stored like those from variables.

let server: TestServer;
let alice: TestCustomer;

beforeAll(async () => {
  server = await startServer({ SIMULATED_DELAY_MS: '100' });
  alice = await createCustomer(server, { subscriptions: ['serverless-container'] });
  await readyNamespace(server.url, alice, 'shop');
});
afterAll(() => server.close());

const base = { namespace: 'shop', image: 'nginx:1.27', ports: ['8080'] };

/** Rows of the customer-visible tables a refused request could have written. */
async function written() {
  const [row] = await queryRows<{ namespaces: number; containers: number; variables: number; audit: number }>(
    server.berth.database.db,
    sql`SELECT (SELECT count(*) FROM namespaces)::int AS namespaces, (SELECT count(*) FROM containers)::int AS containers,
               (SELECT count(*) FROM container_environment_variables)::int AS variables,
               (SELECT count(*) FROM audit_entries)::int AS audit`,
  );
  return row;
}

/** The request must be refused with BAD_USER_INPUT for the field, with this message, writing nothing. */
async function expectRefused(
  request: () => Promise<JsonResponse<GraphQLBody<unknown>>>,
  field: string,
  message: string,
) {
  const before = await written();
  const response = await request();
  expect(response.status).toBe(200);
  const error = expectGraphQLError(response, 'BAD_USER_INPUT');
  expect(error.message).toBe(message);
  expect(error.extensions?.field).toBe(field);
  expect(await written()).toEqual(before);
}

describe('NUL and control characters', () => {
  it.each([
    ['variables', () => alice.gql(CREATE_NAMESPACE, { name: 'nul', description: 'a\u0000b' })],
    [
      'an inline literal',
      () =>
        alice.gql(
          `mutation { namespaceCreate(namespaceInput: {name: "nul", description: "a\\u0000b"}) { id } }`,
        ),
    ],
  ])('refuses NUL in a description sent as %s', async (_how, request) => {
    await expectRefused(request, 'description', 'description must not contain control character U+0000');
  });

  it('names the nested field of a NUL in a variable value, a command item and a query argument', async () => {
    await expectRefused(
      () =>
        alice.gql(CREATE_CONTAINER, {
          input: {
            ...base,
            name: 'web',
            environmentVariables: [
              { name: 'A', value: 'x' },
              { name: 'B', value: '\u0000' },
            ],
          },
        }),
      'environmentVariables[1].value',
      'environmentVariables[1].value must not contain control character U+0000',
    );
    await expectRefused(
      () =>
        alice.gql(
          `mutation { containerCreate(containerInput: {name: "web", namespace: "shop", image: "nginx:1.27",
            command: ["sh", "-c", "echo \\u0000"]}) { id } }`,
        ),
      'command[2]',
      'command[2] must not contain control character U+0000',
    );
    await expectRefused(
      () =>
        alice.gql('query ($name: String!) { containerJob(namespace: "shop", name: $name) { name } }', {
          name: 'a\u0000',
        }),
      'name',
      'name must not contain control character U+0000',
    );
  });

  it('refuses control characters in names and registry usernames, but keeps newlines in free text', async () => {
    await expectRefused(
      () =>
        alice.gql(`mutation { registryConnectionCreate(registryInput: {namespace: "shop", name: "private",
          source: "registry.example.com", username: "robot\\u0007", password: "secret", verify: false}) { id } }`),
      'username',
      'username must not contain control character U+0007',
    );
    await expectRefused(
      () => alice.gql(CREATE_NAMESPACE, { name: 'tab\there' }),
      'name',
      'name must not contain control character U+0009',
    );
    await expectRefused(
      () => alice.gql(CREATE_NAMESPACE, { name: 'surrogate', description: 'a\ud800b' }),
      'description',
      'description must not contain a lone surrogate (not valid Unicode)',
    );
    const { namespaceCreate } = await alice.data<{ namespaceCreate: { description: string } }>(
      CREATE_NAMESPACE,
      {
        name: 'lines',
        description: 'first line\n\tsecond line 🚀',
      },
    );
    expect(namespaceCreate.description).toBe('first line\n\tsecond line 🚀');
  });
});

describe('lengths and list sizes', () => {
  it('refuses a variable name of 10,000 characters and a value over 32 KB, and accepts 32 KB', async () => {
    await expectRefused(
      () =>
        alice.gql(CREATE_CONTAINER, {
          input: { ...base, name: 'web', environmentVariables: [{ name: 'A'.repeat(10_000), value: 'x' }] },
        }),
      'environmentVariables[0].name',
      'environmentVariables[0].name is too long (255 characters at most)',
    );
    await expectRefused(
      () =>
        alice.gql(CREATE_CONTAINER, {
          input: { ...base, name: 'web', environmentVariables: [{ name: 'A', value: 'v'.repeat(32_769) }] },
        }),
      'environmentVariables[0].value',
      'environmentVariables[0].value is too long (32768 characters at most)',
    );
    // Characters, not UTF-16 units: 32,768 emoji are as long as allowed.
    const { containerCreate } = await alice.data<{ containerCreate: ContainerView }>(CREATE_CONTAINER, {
      input: { ...base, name: 'big', environmentVariables: [{ name: 'A', value: '🚀'.repeat(32_768) }] },
    });
    expect(containerCreate.environmentVariables[0]?.value).toHaveLength(65_536);
  });

  it('refuses 101 and 10,000 command items and 101 environment variables, and accepts 100 items', async () => {
    for (const count of [101, 10_000]) {
      await expectRefused(
        () =>
          alice.gql(CREATE_CONTAINER, {
            input: { ...base, name: 'web', command: Array.from({ length: count }, () => 'x') },
          }),
        'command',
        'command has too many items (100 at most)',
      );
    }
    const variables = Array.from({ length: 101 }, (_, index) => ({ name: `V${index}`, value: 'x' }));
    await expectRefused(
      () => alice.gql(CREATE_CONTAINER, { input: { ...base, name: 'web', environmentVariables: variables } }),
      'environmentVariables',
      'environmentVariables has too many items (100 at most)',
    );
    const { containerCreate } = await alice.data<{ containerCreate: ContainerView }>(CREATE_CONTAINER, {
      input: { ...base, name: 'hundred', command: Array.from({ length: 100 }, (_, index) => `arg${index}`) },
    });
    expect(containerCreate.command).toHaveLength(100);
  });

  it('refuses a description over 1000 characters and a name over 255 in a lookup', async () => {
    await expectRefused(
      () => alice.gql(CREATE_NAMESPACE, { name: 'long', description: 'd'.repeat(1001) }),
      'description',
      'description is too long (1000 characters at most)',
    );
    await expectRefused(
      () => alice.gql(`{ namespace(name: "${'n'.repeat(256)}") { id } }`),
      'name',
      'name is too long (255 characters at most)',
    );
  });
});

describe('input objects written inline', () => {
  it('are stored like those sent as variables: a health check on create and on modify', async () => {
    const { containerCreate } = await alice.data<{ containerCreate: ContainerView }>(
      `mutation { containerCreate(containerInput: {name: "checked", namespace: "shop", image: "nginx:1.27",
        ports: ["8080"], healthCheck: {port: 8080, path: "/h"},
        scaling: {auto: {replicas: {minimum: 1, maximum: 2}, triggers: [{type: CPU, threshold: 80}]}}}) {
        healthCheck { port path } autoScaling { replicas { minimum maximum } triggers { type threshold } } } }`,
    );
    expect(containerCreate.healthCheck).toEqual({ port: 8080, path: '/h' });
    expect(containerCreate.autoScaling).toEqual({
      replicas: { minimum: 1, maximum: 2 },
      triggers: [{ type: 'CPU', threshold: 80 }],
    });
    await expect
      .poll(
        async () =>
          (
            await alice.data<{ container: ContainerView }>(CONTAINER_BY_NAME, {
              name: 'checked',
              namespace: 'shop',
            })
          ).container.locked,
        { timeout: 20_000 },
      )
      .toBe(false);
    const { containerModify } = await alice.data<{ containerModify: ContainerView }>(
      `mutation { containerModify(containerInput: {name: "checked", namespace: "shop",
        healthCheck: {port: 8080, path: "/ready"}}) { healthCheck { port path } } }`,
    );
    expect(containerModify.healthCheck).toEqual({ port: 8080, path: '/ready' });
  });
});
