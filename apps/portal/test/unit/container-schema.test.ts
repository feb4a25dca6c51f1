import { describe, expect, it } from 'vitest';
import {
  containerFormIssues,
  defaultContainerValues,
  emptyIngress,
  type ContainerFormValues,
} from '../../src/features/containers/components/container-schema.ts';

const valid: ContainerFormValues = {
  ...defaultContainerValues,
  name: 'shop',
  image: 'ghcr.io/acme/shop:2.1',
  ports: '8080, 9090',
  variables: [{ name: 'API_KEY', value: 's3cret', secret: true, stored: false }],
  ingresses: [
    { ...emptyIngress('8080'), domainName: 'shop.example.com', allowlist: '203.0.113.0/24, 2001:db8::/32' },
  ],
  healthCheck: { enabled: true, port: '8080', path: '/healthz' },
  mounts: [{ path: '/data', volume: 'new', volumeName: 'shop-data', size: '10' }],
};

const context = { volumeNames: ['existing-data'] };

function messagesAt(values: ContainerFormValues, path: string): string[] {
  return containerFormIssues(values, context)
    .filter((issue) => issue.path.join('.') === path)
    .map((issue) => issue.message);
}

describe('container form rules (the API rules of issue 5)', () => {
  it('accepts a complete valid container', () => {
    expect(containerFormIssues(valid, context)).toEqual([]);
  });

  it.each([
    ['', 'Enter a name'],
    ['Shop', 'Start with a lowercase letter'],
    ['shop_1', 'Use only lowercase letters, digits and hyphens'],
    ['shop-', 'End with a letter or a digit'],
  ])('names: %j → %s', (name, message) => {
    expect(messagesAt({ ...valid, name }, 'name')).toEqual([message]);
  });

  it.each([
    ['nginx', true],
    ['nginx:1.27', true],
    ['registry.local:5000/team/app:v1', true],
    [`app@sha256:${'a'.repeat(64)}`, true],
    ['', false],
    ['nginx latest', false],
    ['Nginx', false],
    ['nginx:', false],
    ['-nginx', false],
  ])('image reference %j valid: %s', (image, ok) => {
    expect(messagesAt({ ...valid, image }, 'image')).toHaveLength(ok ? 0 : 1);
  });

  it('checks variable names, duplicates and secret values', () => {
    const values: ContainerFormValues = {
      ...valid,
      variables: [
        { name: '1ST', value: 'x', secret: false, stored: false },
        { name: 'A', value: 'x', secret: false, stored: false },
        { name: 'A', value: 'y', secret: false, stored: false },
        { name: 'TOKEN', value: '', secret: true, stored: false },
        { name: 'KEPT', value: '', secret: true, stored: true },
        { name: 'UNHIDDEN', value: '', secret: false, stored: true },
      ],
    };
    expect(messagesAt(values, 'variables.0.name')).toEqual([
      'Use letters, digits and underscores, not starting with a digit',
    ]);
    expect(messagesAt(values, 'variables.2.name')).toEqual(['A is already set above']);
    expect(messagesAt(values, 'variables.3.value')).toEqual(['Enter the secret value']);
    expect(messagesAt(values, 'variables.4.value')).toEqual([]);
    expect(messagesAt(values, 'variables.5.value')).toEqual([
      'Enter a value: the stored secret cannot be shown',
    ]);
  });

  it.each([
    ['0', '0 is not a port: use a number from 1 to 65535'],
    ['65536', '65536 is not a port: use a number from 1 to 65535'],
    ['080', '080 is not a port: use a number from 1 to 65535'],
    ['80, 80', 'Port 80 is listed twice'],
  ])('ports %j → %s', (ports, message) => {
    expect(
      messagesAt(
        { ...valid, ports, ingresses: [], healthCheck: { ...valid.healthCheck, enabled: false } },
        'ports',
      ),
    ).toEqual([message]);
  });

  it('requires web addresses and the health check to use a container port', () => {
    const values = { ...valid, ports: '9090' };
    expect(messagesAt(values, 'ingresses.0.port')).toEqual(["Port 8080 is not one of the container's ports"]);
    expect(messagesAt(values, 'healthCheck.port')).toEqual(["Port 8080 is not one of the container's ports"]);
  });

  it('checks domain names, their uniqueness and allowlist entries', () => {
    const values: ContainerFormValues = {
      ...valid,
      ingresses: [
        { ...emptyIngress('8080'), domainName: 'shop.example.com' },
        { ...emptyIngress('8080'), domainName: 'Shop.Example.com' },
        { ...emptyIngress('8080'), domainName: 'localhost' },
        { ...emptyIngress('9090'), allowlist: '10.0.0.0/33' },
        { ...emptyIngress('9090'), allowlist: '10.0.0.1 not-an-ip' },
      ],
    };
    expect(messagesAt(values, 'ingresses.1.domainName')).toEqual(['shop.example.com is already used above']);
    expect(messagesAt(values, 'ingresses.2.domainName')).toEqual([
      'localhost is not a domain name, such as shop.example.com',
    ]);
    expect(messagesAt(values, 'ingresses.3.allowlist')).toEqual([
      '10.0.0.0/33: the prefix length must be 0 to 32',
    ]);
    expect(messagesAt(values, 'ingresses.4.domainName')).toEqual([
      'Enter a domain: only one default address per port',
    ]);
    expect(messagesAt(values, 'ingresses.4.allowlist')).toEqual([
      'not-an-ip is not an IP address or CIDR range, such as 203.0.113.0/24',
    ]);
  });

  it('requires a health check path starting with /', () => {
    expect(
      messagesAt(
        { ...valid, healthCheck: { enabled: true, port: '8080', path: 'healthz' } },
        'healthCheck.path',
      ),
    ).toEqual(['Start the path with /']);
    expect(
      messagesAt({ ...valid, healthCheck: { enabled: false, port: '', path: '' } }, 'healthCheck.path'),
    ).toEqual([]);
  });

  it('keeps manual replicas within 0 to 10', () => {
    expect(
      messagesAt({ ...valid, scaling: { ...valid.scaling, replicas: '0' } }, 'scaling.replicas'),
    ).toEqual([]);
    expect(
      messagesAt({ ...valid, scaling: { ...valid.scaling, replicas: '11' } }, 'scaling.replicas'),
    ).toEqual(['Enter a whole number from 0 to 10']);
  });

  it('needs 1 ≤ minimum ≤ maximum ≤ 10 and a trigger of 1-100 % for autoscaling', () => {
    const auto = { ...valid.scaling, mode: 'auto' as const };
    expect(messagesAt({ ...valid, scaling: { ...auto, minimum: '0' } }, 'scaling.minimum')).toEqual([
      'Enter a whole number from 1 to 10',
    ]);
    expect(
      messagesAt({ ...valid, scaling: { ...auto, minimum: '4', maximum: '3' } }, 'scaling.maximum'),
    ).toEqual(['Enter at least the minimum']);
    expect(
      messagesAt(
        { ...valid, scaling: { ...auto, cpuTrigger: false, memoryTrigger: false } },
        'scaling.cpuTrigger',
      ),
    ).toEqual(['Autoscaling needs at least one trigger: CPU, memory or both']);
    expect(
      messagesAt({ ...valid, scaling: { ...auto, cpuThreshold: '101' } }, 'scaling.cpuThreshold'),
    ).toEqual(['Enter a percentage from 1 to 100']);
  });

  it('checks mount paths and the volumes they mount', () => {
    const values: ContainerFormValues = {
      ...valid,
      mounts: [
        { path: 'data', volume: 'existing', volumeName: 'existing-data', size: '' },
        { path: '/data', volume: 'existing', volumeName: '', size: '' },
        { path: '/data/', volume: 'new', volumeName: 'existing-data', size: '0' },
        { path: '/a/../b', volume: 'new', volumeName: 'fresh', size: '1001' },
      ],
    };
    expect(messagesAt(values, 'mounts.0.path')).toEqual(['Enter an absolute path below /, such as /data']);
    expect(messagesAt(values, 'mounts.1.volumeName')).toEqual(['Choose a volume']);
    expect(messagesAt(values, 'mounts.2.path')).toEqual(['/data/ is already mounted above']);
    expect(messagesAt(values, 'mounts.2.volumeName')).toEqual([
      'A volume named existing-data exists: choose it instead',
    ]);
    expect(messagesAt(values, 'mounts.2.size')).toEqual(['Enter whole GB from 1 to 1000']);
    expect(messagesAt(values, 'mounts.3.path')).toEqual(['Leave out ..']);
    expect(messagesAt(values, 'mounts.3.size')).toEqual(['Enter whole GB from 1 to 1000']);
  });
});
