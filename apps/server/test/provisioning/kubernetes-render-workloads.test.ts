import { describe, expect, it } from 'vitest';
import type { KubernetesObject } from '../../src/provisioning/kubernetes/objects.ts';
import {
  renderContainer,
  renderContainerJob,
  renderRunJob,
} from '../../src/provisioning/kubernetes/render-workloads.ts';
import { baseContainer, byKind, check, fullContainer, job } from './kubernetes-render-setup.ts';

// What the Kubernetes driver puts on a cluster for a container (with each option and kind of scaling) and a
// container job (and its run now).

describe('containers', () => {
  it('the smallest container is its variables Secret and a Knative Service of one replica', async () => {
    const objects = renderContainer(baseContainer);
    expect(objects.map((object) => `${object.apiVersion} ${object.kind}`)).toEqual([
      'v1 Secret',
      'serving.knative.dev/v1 Service',
    ]);
    await check('container-minimal', objects);
  });

  it('with everything: secret values by reference, probe, mounts, pull secret, a mapping per address, extra ports', async () => {
    const objects = renderContainer(fullContainer);
    const [service] = byKind(objects, 'serving.knative.dev/v1', 'Service');
    const text = JSON.stringify(service);
    expect(text).not.toContain('hunter2-secret');
    expect(text).toContain('"secretKeyRef":{"name":"container-web-env","key":"DB_PASSWORD"}');
    expect(text).toContain('"readinessProbe":{"httpGet":{"path":"/healthz","port":8080}}');
    expect(text).toContain('"imagePullSecrets":[{"name":"registry-private"}]');
    expect(text).toContain('"claimName":"volume-data"');
    const mappings = byKind(objects, 'serving.knative.dev/v1beta1', 'DomainMapping');
    expect(mappings.map((mapping) => mapping.metadata.name)).toEqual([
      'web-shop.apps.example.com',
      'plain.example.org',
    ]);
    expect(mappings[1]?.metadata.annotations).toEqual({
      'networking.knative.dev/disable-external-domain-tls': 'true',
    });
    const [ports] = byKind(objects, 'v1', 'Service') as (KubernetesObject & {
      spec: { type: string; ports: { port: number }[] };
    })[];
    expect(ports?.spec.type).toBe('LoadBalancer');
    expect(ports?.spec.ports.map((port) => port.port)).toEqual([9090, 5000]);
    // The default-deny policy would drop what the load balancer brings from outside: those ports are let in.
    const [published] = byKind(objects, 'networking.k8s.io/v1', 'NetworkPolicy');
    expect(published?.spec).toEqual({
      podSelector: { matchLabels: { 'serving.knative.dev/service': 'web' } },
      policyTypes: ['Ingress'],
      ingress: [
        {
          ports: [
            { port: 9090, protocol: 'TCP' },
            { port: 5000, protocol: 'TCP' },
          ],
        },
      ],
    });
    await check('container-full', objects);
  });

  it.each([
    [
      'manual',
      { replicas: 3 },
      { 'autoscaling.knative.dev/min-scale': '3', 'autoscaling.knative.dev/max-scale': '3' },
    ],
    [
      'scaled to zero',
      { replicas: 0 },
      { 'autoscaling.knative.dev/min-scale': '0', 'autoscaling.knative.dev/initial-scale': '0' },
    ],
    [
      'autoscaled on memory',
      { minimum: 2, maximum: 4, triggers: [{ type: 'MEMORY' as const, threshold: 50 }] },
      {
        'autoscaling.knative.dev/class': 'hpa.autoscaling.knative.dev',
        'autoscaling.knative.dev/metric': 'memory',
        'autoscaling.knative.dev/target': '238',
        'autoscaling.knative.dev/min-scale': '2',
        'autoscaling.knative.dev/max-scale': '4',
      },
    ],
  ])('scaling %s becomes Knative annotations', async (name, scaling, annotations) => {
    const objects = renderContainer({ ...baseContainer, scaling });
    const [service] = byKind(objects, 'serving.knative.dev/v1', 'Service') as (KubernetesObject & {
      spec: { template: { metadata: { annotations: Record<string, string> } } };
    })[];
    expect(service?.spec.template.metadata.annotations).toMatchObject(annotations);
    await check(`container-scaling-${name.replaceAll(' ', '-')}`, objects);
  });
});

describe('container jobs', () => {
  it('a job is a CronJob in UTC that never overlaps, suspended while disabled', async () => {
    const objects = renderContainerJob(job);
    const [cronJob] = byKind(objects, 'batch/v1', 'CronJob') as (KubernetesObject & {
      spec: Record<string, unknown>;
    })[];
    expect(cronJob?.spec).toMatchObject({
      schedule: '30 2 * * *',
      timeZone: 'Etc/UTC',
      suspend: false,
      concurrencyPolicy: 'Forbid',
      startingDeadlineSeconds: 60,
    });
    expect(JSON.stringify(cronJob)).not.toContain('job-secret-value');
    await check('container-job', objects);
    const disabled = renderContainerJob({ ...job, enabled: false });
    expect(byKind(disabled, 'batch/v1', 'CronJob')[0]?.spec).toMatchObject({ suspend: true });
    await check('container-job-disabled', disabled);
  });

  it('run now is a Job from the same template, named as the run and owned by the CronJob', async () => {
    const run = renderRunJob(job, 'nightly-manual-ab12c', '1d6f4e38-0000-4000-8000-000000000001');
    const [cronJob] = byKind(renderContainerJob(job), 'batch/v1', 'CronJob') as (KubernetesObject & {
      spec: { jobTemplate: { spec: unknown } };
    })[];
    expect(run.spec).toEqual(cronJob?.spec.jobTemplate.spec);
    expect(run.metadata.ownerReferences).toEqual([
      {
        apiVersion: 'batch/v1',
        kind: 'CronJob',
        name: 'nightly',
        uid: '1d6f4e38-0000-4000-8000-000000000001',
      },
    ]);
    await check('container-job-run', [run]);
  });
});
