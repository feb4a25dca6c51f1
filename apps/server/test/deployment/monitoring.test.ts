import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { createMetrics } from '../../src/telemetry/metrics.ts';
import { validateObject } from '../support/kubernetes-schemas.ts';
import { render, type Rendered } from '../support/kustomize.ts';
import { KUBERNETES, OVERLAY, server, serverEnvironment } from './setup.ts';

// deploy/kubernetes/components/monitoring added to the example overlay, as an operator adds it: its objects
// valid against the Prometheus Operator's schemas, Prometheus reaching every replica's metrics port and only
// it, and the alerts' unit tests (rules.test.yaml) run by promtool, from Debian's prometheus package (.ci/run
// installs it).

const MONITORING = path.join(KUBERNETES, 'components/monitoring');
const DASHBOARD = path.join(KUBERNETES, '../grafana/berth.json');
const promtool = spawnSync('promtool', ['--version']).status === 0;

const named = (objects: Rendered[], kind: string, name: string) => {
  const found = objects.find((object) => object.kind === kind && object.metadata.name === name);
  expect(found, `${kind} ${name}`).toBeDefined();
  return found as Rendered;
};

/** Every series name Berth's /metrics can show (a histogram's as its `_bucket`, `_sum` and `_count`). */
async function exportedNames(): Promise<Set<string>> {
  const metrics = createMetrics();
  metrics.readFrom({
    provisioningBacklog: () => Promise.resolve({ tasks: 0, oldestAgeSeconds: 0 }),
    schedulerLagSeconds: () => Promise.resolve(0),
    databaseAnswers: () => Promise.resolve(true),
    openLogTails: () => 0,
    databasePool: () => ({ total: 1, idle: 1, waiting: 0 }),
  });
  const families = await metrics.registry.getMetricsAsJSON();
  return new Set(
    families.flatMap(({ name, type }) =>
      String(type) === 'histogram'
        ? ['_bucket', '_sum', '_count'].map((suffix) => `${name}${suffix}`)
        : [name],
    ),
  );
}

const labelsMatch = (selector: Record<string, string>, labels: Record<string, string> = {}) =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);

describe('deploy/kubernetes: the monitoring component', () => {
  const objects = render(OVERLAY, { addComponents: [path.relative(OVERLAY, MONITORING)] });
  const { deployment, template, container } = server(objects);

  it('renders valid objects in the namespace of the server', () => {
    for (const object of objects) expect(() => validateObject(object)).not.toThrow();
    for (const kind of ['ServiceMonitor', 'PrometheusRule']) {
      expect(named(objects, kind, 'berth').metadata.namespace).toBe(deployment.metadata.namespace);
    }
  });

  it('has every replica serve /metrics on its own port, which only the metrics Service exposes', () => {
    expect(container.ports).toContainEqual({ name: 'metrics', containerPort: 9464 });
    expect(serverEnvironment(container).env.METRICS_PORT).toBe(9464);
    const metricsService = named(objects, 'Service', 'berth-metrics');
    const spec = metricsService.spec as {
      selector: Record<string, string>;
      ports: { name: string; targetPort: string }[];
    };
    expect(labelsMatch(spec.selector, template.metadata.labels)).toBe(true);
    expect(spec.ports).toEqual([expect.objectContaining({ name: 'metrics', targetPort: 'metrics' })]);
    // The customers' Service (behind the Ingress) knows port `http` only.
    const customers = named(objects, 'Service', 'berth').spec as { ports: { targetPort: string }[] };
    expect(customers.ports.map(({ targetPort }) => targetPort)).toEqual(['http']);

    const monitor = named(objects, 'ServiceMonitor', 'berth').spec as {
      selector: { matchLabels: Record<string, string> };
      endpoints: { port: string; path: string }[];
    };
    const selected = objects.filter(
      (object) =>
        object.kind === 'Service' && labelsMatch(monitor.selector.matchLabels, object.metadata.labels),
    );
    expect(selected.map((service) => service.metadata.name)).toEqual(['berth-metrics']);
    expect(monitor.endpoints).toEqual([expect.objectContaining({ port: 'metrics', path: '/metrics' })]);
  });

  const rule = () => named(objects, 'PrometheusRule', 'berth');
  const alertExpressions = () =>
    (rule().spec as { groups: { rules: { expr: string }[] }[] }).groups.flatMap((group) =>
      group.rules.map(({ expr }) => expr),
    );
  // The dashboard's template variable `$job` stands for a regular expression of jobs.
  const dashboardExpressions = () =>
    (
      JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { panels: { targets: { expr: string }[] }[] }
    ).panels.flatMap((panel) => panel.targets.map(({ expr }) => expr.replaceAll('$job', '.*')));

  it('asks, in its alerts and in the Grafana dashboard, only for metrics Berth exports', async () => {
    const exported = await exportedNames();
    const expressions = [...alertExpressions(), ...dashboardExpressions()];
    expect(expressions.length).toBeGreaterThan(10);
    for (const expression of expressions) {
      for (const [name] of expression.matchAll(/\bberth_\w+/g)) expect(exported, expression).toContain(name);
    }
  });

  it.skipIf(!promtool)("has PromQL promtool reads in the Grafana dashboard's panels", () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'berth-dashboard-'));
    try {
      // As recording rules, the one form promtool checks expressions in.
      const rules = dashboardExpressions().map((expr, index) => ({ record: `berth:panel_${index}`, expr }));
      writeFileSync(path.join(folder, 'panels.yaml'), stringify({ groups: [{ name: 'panels', rules }] }));
      const run = spawnSync('promtool', ['check', 'rules', 'panels.yaml'], { cwd: folder, encoding: 'utf8' });
      expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it.skipIf(!promtool)('alerts as its unit tests expect (promtool test rules)', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'berth-rules-'));
    try {
      writeFileSync(path.join(folder, 'rules.yaml'), stringify(rule().spec));
      copyFileSync(path.join(MONITORING, 'rules.test.yaml'), path.join(folder, 'rules.test.yaml'));
      const run = spawnSync('promtool', ['test', 'rules', 'rules.test.yaml'], {
        cwd: folder,
        encoding: 'utf8',
      });
      expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
      expect(run.stdout).toContain('SUCCESS');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
