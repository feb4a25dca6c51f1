import { describe, expect, it } from 'vitest';
import {
  toCreateInput,
  toFormValues,
  toModifyInput,
  type ConfigurableContainer,
} from '../../src/features/containers/components/container-input.ts';
import {
  emptyIngress,
  type ContainerFormValues,
} from '../../src/features/containers/components/container-schema.ts';

const container: ConfigurableContainer = {
  name: 'shop',
  image: 'ghcr.io/acme/shop:2.1',
  privateRegistry: { name: 'acme' },
  resources: 'CPU_500_RAM_1000',
  entrypoint: ['/bin/sh', '-c'],
  command: ['echo hello && sleep 60'],
  ports: ['8080'],
  environmentVariables: [
    { name: 'MODE', value: 'production', secret: false },
    { name: 'API_KEY', value: null, secret: true },
  ],
  ingresses: [{ domainName: 'shop.example.com', port: 8080, enableTLS: true, allowlist: ['203.0.113.0/24'] }],
  mounts: [{ path: '/data', volume: { name: 'shop-data' } }],
  healthCheck: { port: 8080, path: '/healthz' },
  autoScaling: null,
  numberOfReplicas: 2,
};

const initial = toFormValues(container);
const firstIngress = (values: ContainerFormValues) => {
  const [ingress] = values.ingresses;
  if (!ingress) throw new Error('the container has no address');
  return ingress;
};
const edit = (change: (values: ContainerFormValues) => ContainerFormValues) =>
  toModifyInput('web', initial, change(structuredClone(initial)));

describe('configure: only what changed is sent (API.md patch semantics)', () => {
  it('prefills the form from the container, with secrets kept and not shown', () => {
    expect(initial.variables).toEqual([
      { name: 'MODE', value: 'production', secret: false, stored: false },
      { name: 'API_KEY', value: '', secret: true, stored: true },
    ]);
    expect(initial.command).toBe('"echo hello && sleep 60"');
    expect(initial.scaling).toMatchObject({ mode: 'manual', replicas: '2' });
  });

  it('sends nothing when nothing changed', () => {
    expect(edit((values) => values)).toBeNull();
  });

  it('sends one changed variable and nothing else', () => {
    expect(
      edit((values) => ({
        ...values,
        variables: values.variables.map((v) => (v.name === 'MODE' ? { ...v, value: 'staging' } : v)),
      })),
    ).toEqual({
      name: 'shop',
      namespace: 'web',
      environmentVariables: [{ name: 'MODE', value: 'staging', secret: false }],
    });
  });

  it('removes a variable with state ABSENT, and replaces a stored secret only when a new value is typed', () => {
    expect(
      edit((values) => ({ ...values, variables: values.variables.filter((v) => v.name !== 'MODE') }))
        ?.environmentVariables,
    ).toEqual([{ name: 'MODE', value: 'production', secret: false, state: 'ABSENT' }]);
    expect(
      edit((values) => ({
        ...values,
        variables: values.variables.map((v) => ({ ...v, value: v.secret ? 'new' : v.value })),
      }))?.environmentVariables,
    ).toEqual([{ name: 'API_KEY', value: 'new', secret: true }]);
  });

  it('removes a web address by its domain name with state ABSENT', () => {
    expect(edit((values) => ({ ...values, ingresses: [] }))).toEqual({
      name: 'shop',
      namespace: 'web',
      ingresses: [
        {
          port: 8080,
          enableTLS: true,
          whitelist: ['203.0.113.0/24'],
          domainName: 'shop.example.com',
          state: 'ABSENT',
        },
      ],
    });
  });

  it('replaces an address whose domain changed: the old one ABSENT, the new one PRESENT', () => {
    expect(
      edit((values) => ({
        ...values,
        ingresses: [{ ...firstIngress(values), domainName: 'www.example.com' }],
      }))?.ingresses,
    ).toEqual([
      {
        port: 8080,
        enableTLS: true,
        whitelist: ['203.0.113.0/24'],
        domainName: 'shop.example.com',
        state: 'ABSENT',
      },
      { port: 8080, enableTLS: true, whitelist: ['203.0.113.0/24'], domainName: 'www.example.com' },
    ]);
  });

  it('sends an address with a changed allowlist under its domain name', () => {
    expect(
      edit((values) => ({ ...values, ingresses: [{ ...firstIngress(values), allowlist: '' }] }))?.ingresses,
    ).toEqual([{ port: 8080, enableTLS: true, whitelist: [], domainName: 'shop.example.com' }]);
  });

  it('adds a new address without a domain for the default one', () => {
    expect(
      edit((values) => ({ ...values, ingresses: [...values.ingresses, emptyIngress('8080')] }))?.ingresses,
    ).toEqual([{ port: 8080, enableTLS: true, whitelist: [], domainName: null }]);
  });

  it('sends a removed health check as null, and removed command and registry as null', () => {
    expect(edit((values) => ({ ...values, healthCheck: { ...values.healthCheck, enabled: false } }))).toEqual(
      {
        name: 'shop',
        namespace: 'web',
        healthCheck: null,
      },
    );
    expect(edit((values) => ({ ...values, command: '', registry: '' }))).toEqual({
      name: 'shop',
      namespace: 'web',
      command: null,
      registry: null,
    });
  });

  it('removes a mount by path and mounts a new volume', () => {
    expect(
      edit((values) => ({
        ...values,
        mounts: [{ path: '/cache', volume: 'new', volumeName: 'cache', size: '5' }],
      }))?.mounts,
    ).toEqual([
      { path: '/data', volume: { name: 'shop-data', autoCreate: false }, state: 'ABSENT' },
      { path: '/cache', volume: { name: 'cache', size: 5, autoCreate: true } },
    ]);
  });

  it('sends scaling, size and ports only when they changed', () => {
    expect(
      edit((values) => ({
        ...values,
        scaling: {
          ...values.scaling,
          mode: 'auto',
          minimum: '1',
          maximum: '4',
          cpuTrigger: true,
          cpuThreshold: '70',
        },
      })),
    ).toEqual({
      name: 'shop',
      namespace: 'web',
      scaling: { auto: { replicas: { minimum: 1, maximum: 4 }, triggers: [{ type: 'CPU', threshold: 70 }] } },
    });
    expect(edit((values) => ({ ...values, resources: 'CPU_1000_RAM_2000', ports: '8080,  9090' }))).toEqual({
      name: 'shop',
      namespace: 'web',
      resources: 'CPU_1000_RAM_2000',
      ports: ['8080', '9090'],
    });
    expect(edit((values) => ({ ...values, ports: ' 8080 ' }))).toBeNull();
  });
});

describe('create input', () => {
  it('maps every section', () => {
    const values: ContainerFormValues = {
      ...initial,
      variables: [{ name: 'TOKEN', value: 'abc', secret: true, stored: false }],
      ingresses: [{ ...emptyIngress('8080'), allowlist: '10.0.0.0/8\n192.168.0.1' }],
      entrypoint: '',
    };
    expect(toCreateInput('web', values)).toEqual({
      name: 'shop',
      namespace: 'web',
      image: 'ghcr.io/acme/shop:2.1',
      registry: 'acme',
      resources: 'CPU_500_RAM_1000',
      entrypoint: null,
      command: ['echo hello && sleep 60'],
      environmentVariables: [{ name: 'TOKEN', value: 'abc', secret: true }],
      ports: ['8080'],
      ingresses: [
        { port: 8080, enableTLS: true, whitelist: ['10.0.0.0/8', '192.168.0.1'], domainName: null },
      ],
      mounts: [{ path: '/data', volume: { name: 'shop-data', autoCreate: false } }],
      scaling: { manual: { replicas: 2 } },
      healthCheck: { port: 8080, path: '/healthz' },
    });
  });
});
