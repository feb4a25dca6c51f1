import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readEnvironment } from '../../src/environment.ts';
import { podTemplate, type Container, type PodTemplate, type Rendered } from '../support/kustomize.ts';
import { REPO_ROOT } from '../support/process.ts';

// What the tests of deploy/kubernetes share: where it is, and the server's Deployment, pod and settings in a
// rendering of it.

export const KUBERNETES = path.join(REPO_ROOT, 'deploy/kubernetes');
export const OVERLAY = path.join(KUBERNETES, 'overlays/example');

/** What the kubelet adds to every container's environment: the in-cluster API the drivers use. */
const KUBELET_ENV = { KUBERNETES_SERVICE_HOST: '10.96.0.1', KUBERNETES_SERVICE_PORT: '443' };

export function find(objects: Rendered[], kind: string): Rendered {
  const [found, ...others] = objects.filter((object) => object.kind === kind);
  if (!found || others.length)
    throw new Error(`expected one ${kind}, found ${others.length + (found ? 1 : 0)}`);
  return found;
}

/** The server's Deployment, its pod template and its container. */
export const server = (objects: Rendered[]) => {
  const deployment = find(objects, 'Deployment');
  const template = podTemplate(deployment) as PodTemplate;
  const [container] = template.spec.containers;
  return { deployment, template, container: container as Container };
};

/** The Dockerfile's runtime stage's USER and ENV, which the pods run with. */
export function imageSettings() {
  const runtime =
    readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8').split(/^FROM .* AS runtime$/m)[1] ?? '';
  const user = /^USER (\d+)/m.exec(runtime)?.[1];
  const env = Object.fromEntries(
    [...runtime.matchAll(/^ENV (\w+)=(\S+)$/gm)].map(([, name, value]) => [name, value]),
  );
  return { user: Number(user), env };
}

/**
 * The server's settings in a pod: the image's ENV, what the kubelet adds, the container's env; secrets' values
 * are the operator's (or CloudNativePG's), so stand-ins of their form.
 */
export function serverEnvironment(container: Container) {
  const secretValues: Record<string, string> = {
    DATABASE_URL: 'postgresql://berth:password@berth-db-rw.berth:5432/berth',
    SECRETS_KEY: randomBytes(32).toString('base64'),
  };
  const values = Object.fromEntries(
    (container.env ?? []).map(({ name, value, valueFrom }) => [
      name,
      valueFrom ? (secretValues[name] ?? '') : (value ?? ''),
    ]),
  );
  return {
    names: Object.keys(values),
    env: readEnvironment({ ...imageSettings().env, ...KUBELET_ENV, ...values }),
  };
}
