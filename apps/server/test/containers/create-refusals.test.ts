import { beforeAll, describe, expect, it } from 'vitest';
import type { ContainerCreateInput } from '../generated/graphql.ts';
import { CREATE_CONTAINER } from '../support/containers.ts';
import type { TestCustomer } from '../support/customers.ts';
import { expectGraphQLError } from '../support/http.ts';
import { auditLogs } from '../support/queries.ts';
import { containersIn, rulesContainer, useContainersServer } from './setup.ts';

const { subscribed } = useContainersServer();

describe('containerCreate rules', () => {
  let alice: TestCustomer;
  beforeAll(async () => {
    ({ customer: alice } = await subscribed().namespace('rules'));
  });

  it.each<[string, Partial<ContainerCreateInput>, RegExp]>([
    ['an uppercase name', { name: 'Web' }, /^Container name must contain only lowercase/],
    ['a name of 64 characters', { name: `a${'b'.repeat(63)}` }, /^Container name must be at most 63/],
    ['no image', { image: null }, /^image: an image is required/],
    ['an uppercase image path', { image: 'Nginx:1.27' }, /^image: "Nginx:1.27" is not an image reference/],
    [
      'an image with a bad digest',
      { image: 'nginx@sha256:abc' },
      /^image: "nginx@sha256:abc" is not an image reference/,
    ],
    ['port 0', { ports: ['0'] }, /^ports: "0" is not a port number from 1 to 65535/],
    ['port 65536', { ports: ['65536'] }, /^ports: "65536" is not a port number/],
    ['a port with a protocol', { ports: ['8080/tcp'] }, /^ports: "8080\/tcp" is not a port number/],
    ['a port twice', { ports: ['80', '80'] }, /^ports: 80 is given twice/],
    [
      'an ingress on another port',
      { ingresses: [{ port: 81 }] },
      /^ingresses: port 81 of web-rules-[0-9a-f]{8}\.apps\.localhost is not one of the container's ports/,
    ],
    [
      'an invalid domain name',
      { ingresses: [{ port: 80, domainName: 'shop_1.example.com' }] },
      /^ingresses: "shop_1\.example\.com" is not a valid domain name/,
    ],
    [
      'a single-label domain name',
      { ingresses: [{ port: 80, domainName: 'localhost' }] },
      /^ingresses: "localhost" is not a valid domain name/,
    ],
    [
      'another address under the apps domain',
      { ingresses: [{ port: 80, domainName: 'api-rules.apps.localhost' }] },
      /^ingresses: addresses under apps\.localhost are given by the platform/,
    ],
    [
      'a domain name twice',
      {
        ingresses: [
          { port: 80, domainName: 'a.example.com' },
          { port: 80, domainName: 'a.example.com' },
        ],
      },
      /^ingresses: a\.example\.com is given twice/,
    ],
    [
      'a CIDR prefix too long',
      { ingresses: [{ port: 80, whitelist: ['10.0.0.0/33'] }] },
      /^ingresses: allowlist entry "10\.0\.0\.0\/33" is not an IPv4\/IPv6 address or CIDR range/,
    ],
    [
      'an allowlist entry that is no address',
      { ingresses: [{ port: 80, whitelist: ['office'] }] },
      /^ingresses: allowlist entry "office"/,
    ],
    [
      'a variable name starting with a digit',
      { environmentVariables: [{ name: '1A', value: 'x' }] },
      /^environmentVariables: "1A" is not a variable name/,
    ],
    [
      'a variable twice',
      {
        environmentVariables: [
          { name: 'A', value: 'x' },
          { name: 'A', value: 'y' },
        ],
      },
      /^environmentVariables: A is given twice/,
    ],
    [
      'a health check on another port',
      { healthCheck: { port: 81, path: '/health' } },
      /^healthCheck: port 81 is not one of the container's ports/,
    ],
    [
      'a health check path without /',
      { healthCheck: { port: 80, path: 'health' } },
      /^healthCheck: path "health" must start with \//,
    ],
    [
      '11 manual replicas',
      { scaling: { manual: { replicas: 11 } } },
      /^scaling: manual replicas must be from 0 to 10/,
    ],
    [
      '-1 manual replicas',
      { scaling: { manual: { replicas: -1 } } },
      /^scaling: manual replicas must be from 0 to 10/,
    ],
    [
      'both scaling kinds',
      {
        scaling: {
          manual: { replicas: 1 },
          auto: { replicas: { minimum: 1, maximum: 2 }, triggers: [{ type: 'CPU', threshold: 80 }] },
        },
      },
      /^scaling: give exactly one of auto and manual/,
    ],
    ['neither scaling kind', { scaling: {} }, /^scaling: give exactly one of auto and manual/],
    [
      'an autoscaling minimum of 0',
      {
        scaling: {
          auto: { replicas: { minimum: 0, maximum: 2 }, triggers: [{ type: 'CPU', threshold: 80 }] },
        },
      },
      /^scaling: autoscaling needs 1 <= minimum <= maximum <= 10/,
    ],
    [
      'an autoscaling minimum above the maximum',
      {
        scaling: {
          auto: { replicas: { minimum: 3, maximum: 2 }, triggers: [{ type: 'CPU', threshold: 80 }] },
        },
      },
      /^scaling: autoscaling needs 1 <= minimum <= maximum <= 10 replicas \(got 3 to 2\)/,
    ],
    [
      'an autoscaling maximum of 11',
      {
        scaling: {
          auto: { replicas: { minimum: 1, maximum: 11 }, triggers: [{ type: 'CPU', threshold: 80 }] },
        },
      },
      /^scaling: autoscaling needs/,
    ],
    [
      'autoscaling without triggers',
      { scaling: { auto: { replicas: { minimum: 1, maximum: 2 }, triggers: [] } } },
      /^scaling: autoscaling needs at least one CPU or MEMORY trigger/,
    ],
    [
      'a trigger of 0 %',
      {
        scaling: {
          auto: { replicas: { minimum: 1, maximum: 2 }, triggers: [{ type: 'MEMORY', threshold: 0 }] },
        },
      },
      /^scaling: the MEMORY trigger threshold must be from 1 to 100 %/,
    ],
    [
      'a trigger of 101 %',
      {
        scaling: {
          auto: { replicas: { minimum: 1, maximum: 2 }, triggers: [{ type: 'CPU', threshold: 101 }] },
        },
      },
      /^scaling: the CPU trigger threshold must be from 1 to 100 %/,
    ],
    [
      'a relative mount path',
      { mounts: [{ path: 'data', volume: { name: 'data' } }] },
      /^mounts: path "data" must be an absolute path/,
    ],
    [
      'the root as a mount path, written with two slashes',
      { mounts: [{ path: '//', volume: { name: 'data' } }] },
      /^mounts: path "\/\/" must be an absolute path below \/$/,
    ],
    [
      'a mount path out of its parent',
      { mounts: [{ path: '/data/../etc', volume: { name: 'data' } }] },
      /^mounts: path "\/data\/\.\.\/etc" must not contain \.\.$/,
    ],
    [
      'a mount path twice',
      {
        mounts: [
          { path: '/data', volume: { name: 'a' } },
          { path: '/data', volume: { name: 'b' } },
        ],
      },
      /^mounts: \/data is given twice/,
    ],
  ])(
    'refuses %s with BAD_USER_INPUT naming the field, and writes nothing',
    async (_case, change, message) => {
      const auditBefore = await auditLogs(alice);
      const error = expectGraphQLError(
        await alice.gql(CREATE_CONTAINER, { input: { ...rulesContainer, ...change } }),
        'BAD_USER_INPUT',
      );
      expect(error.message).toMatch(message);
      expect(await containersIn(alice, 'rules')).toEqual([]);
      expect(await auditLogs(alice)).toEqual(auditBefore);
    },
  );
});
