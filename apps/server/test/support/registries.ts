import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { graphql } from '../generated/gql.ts';
import { waitForState, type PlatformApi } from './http.ts';
import type { TestServer } from './server.ts';

// Registry operations as clients write them, the wait for the simulated runtime, and registries to sign in to.

graphql(`
  fragment RegistryFields on PrivateRegistry {
    id
    name
    source
    username
    state
    locked
    createdAt
    namespace {
      id
      name
    }
  }
`);

export const CREATE_REGISTRY = graphql(`
  mutation CreateRegistry($input: RegistryCreateInput!) {
    registryConnectionCreate(registryInput: $input) {
      ...RegistryFields
    }
  }
`);
export const DELETE_REGISTRY = graphql(`
  mutation DeleteRegistry($name: String!, $namespace: String!) {
    registryConnectionDelete(registryConnection: { name: $name, namespace: $namespace })
  }
`);
export const REGISTRIES = graphql(`
  query Registries($namespace: String) {
    privateRegistries(namespace: $namespace) {
      ...RegistryFields
    }
  }
`);

/** The registries of a namespace, as the API lists them. */
export async function registriesIn(api: PlatformApi, namespace: string) {
  return (await api.data(REGISTRIES, { namespace })).privateRegistries;
}

/** Polls until the registry is in this state and unlocked; returns it. */
export function waitForRegistry(api: PlatformApi, namespace: string, name: string, state: string) {
  return waitForState(`registry ${name}`, state, async () =>
    (await registriesIn(api, namespace)).find((registry) => registry.name === name),
  );
}

export interface FakeRegistry {
  /** host:port, as a registry source. */
  authority: string;
  /** Requests seen, e.g. `GET /v2/ Basic`. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * A registry on 127.0.0.1 speaking the /v2/ sign-in of the Docker Registry HTTP API v2 over plain HTTP:
 * a Basic challenge, or a Bearer challenge whose realm hands out a token (as `token` or `access_token`).
 */
export async function startFakeRegistry(options: {
  challenge: 'basic' | 'bearer';
  username: string;
  password: string;
  tokenField?: 'token' | 'access_token';
}): Promise<FakeRegistry> {
  const token = 'fake-registry-token';
  const requests: string[] = [];
  const expectedBasic = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;
  let authority = '';
  const server: Server = createServer((request: IncomingMessage, response) => {
    const authorization = request.headers.authorization ?? '';
    const url = new URL(request.url ?? '/', `http://${authority}`);
    requests.push(`${request.method} ${url.pathname} ${authorization.split(' ')[0] || '-'}`);
    const send = (status: number, body: object, headers: Record<string, string> = {}) =>
      response
        .writeHead(status, { 'content-type': 'application/json', ...headers })
        .end(JSON.stringify(body));
    if (url.pathname === '/v2/') {
      const good = options.challenge === 'basic' ? expectedBasic : `Bearer ${token}`;
      if (authorization === good) return send(200, {});
      const challenge =
        options.challenge === 'basic'
          ? 'Basic realm="fake registry"'
          : `Bearer realm="http://${authority}/token",service="fake-registry"`;
      return send(401, { errors: [{ code: 'UNAUTHORIZED' }] }, { 'www-authenticate': challenge });
    }
    if (url.pathname === '/token' && options.challenge === 'bearer') {
      if (authorization !== expectedBasic || url.searchParams.get('service') !== 'fake-registry') {
        return send(401, { details: 'incorrect username or password' });
      }
      return send(200, { [options.tokenField ?? 'token']: token });
    }
    return send(404, { errors: [{ code: 'NOT_FOUND' }] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  authority = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    authority,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/**
 * A container row straight in the database (the containers API is tested on its own), so that registries
 * and volumes can be seen in use.
 */
export async function insertContainer(
  server: TestServer,
  values: { namespaceId: number; name: string; registryId?: number; volumeId?: number },
) {
  const db = server.berth.database.db;
  const result = (await db.execute(
    sql`INSERT INTO containers (namespace_id, name, image, registry_id, resources, scaling, state, locked)
        VALUES (${values.namespaceId}, ${values.name}, 'nginx:1', ${values.registryId ?? null}, 'CPU_250_RAM_500',
                '{"replicas": 1}', 'running', false)
        RETURNING id`,
  )) as unknown as { rows: { id: number }[] };
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error('container insert returned nothing');
  if (values.volumeId !== undefined) {
    await db.execute(
      sql`INSERT INTO container_mounts (container_id, volume_id, path) VALUES (${id}, ${values.volumeId}, '/data')`,
    );
  }
  return id;
}
