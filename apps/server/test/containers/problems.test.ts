import { describe, expect, it } from 'vitest';
import { replicaProblem } from '../../src/modules/containers/problems.ts';
import { graphql } from '../generated/gql.ts';
import { createContainer, waitForContainer } from '../support/containers.ts';
import { seed } from '../support/seed.ts';
import { useServer } from '../support/server.ts';

// A failing container explained in plain words, with what to try: the runtime's reasons (Kubernetes' or the
// simulated runtime's) become a cause a customer can act on.

const failed = (statusMessage: string, failures = 1) =>
  replicaProblem({ status: 'failed', statusMessage, failures });

describe('a failed replica in plain words', () => {
  it('tells an exit code with how often, and the memory limit behind 137', () => {
    expect(failed('CrashLoopBackOff: exited with code 3', 3)?.cause).toBe(
      'The command exited with code 3 right after starting, three times: see the log lines before it.',
    );
    expect(failed('exited with code 1')?.cause).toBe(
      'The command exited with code 1 right after starting: see the log lines before it.',
    );
    expect(failed('exited with code 137', 2)).toEqual({
      cause: 'The container was stopped for using more memory than its size allows (exit code 137), twice.',
      advice:
        'Choose a larger size, or make the program use less memory; its last log lines show what it was doing.',
    });
  });

  it("tells Kubernetes' reasons, and a reason it does not know as it came", () => {
    expect(failed('ImagePullBackOff: Back-off pulling image "nginx:nope"')?.cause).toBe(
      'The image could not be pulled from its registry, and pulling is being retried.',
    );
    expect(failed('ErrImagePull: not found')?.advice).toBe(
      "Check the image's name and tag, and that its registry connection's credentials are right.",
    );
    expect(failed('CreateContainerConfigError: secret "x" not found')?.advice).toBe(
      'Check its variables and mounted volumes.',
    );
    expect(failed('Evicted: the node was low on resource: ephemeral-storage')?.cause).toBe(
      'The replica failed: Evicted: the node was low on resource: ephemeral-storage.',
    );
  });

  it('has no problem for a replica that has not failed', () => {
    expect(replicaProblem({ status: 'running', statusMessage: 'Started', failures: 2 })).toBeUndefined();
  });
});

const CONTAINER_PROBLEM = graphql(`
  query ContainerProblem($name: String!, $namespace: String!) {
    container(containerResourceInput: { name: $name, namespace: $namespace }) {
      problem {
        cause
        advice
        replica
      }
      replicas {
        name
        problem {
          cause
        }
      }
    }
  }
`);

describe('a container that fails', () => {
  const suite = useServer({ SIMULATED_DELAY_MS: '100' });

  it('says why at the container and its replica, and nothing once it runs', async () => {
    const shop = await seed(suite.server)
      .customer({ subscriptions: ['serverless-container'] })
      .namespace('shop');
    await createContainer(shop.customer, {
      name: 'crashing',
      namespace: 'shop',
      image: 'busybox:1.36',
      entrypoint: ['sh', '-c'],
      command: ['exit 3'],
      scaling: { manual: { replicas: 1 } },
    });
    await waitForContainer(shop.customer, 'shop', 'crashing', 'failed');
    const { container } = await shop.customer.data(CONTAINER_PROBLEM, {
      name: 'crashing',
      namespace: 'shop',
    });
    const cause =
      'The command exited with code 3 right after starting, three times: see the log lines before it.';
    expect(container.problem).toEqual({
      cause,
      advice:
        'Check the command, its arguments and variables; run the image locally with the same command to see why.',
      replica: container.replicas[0]?.name,
    });
    expect(container.replicas.map((replica) => replica.problem?.cause)).toEqual([cause]);

    await createContainer(shop.customer, {
      name: 'fine',
      namespace: 'shop',
      image: 'nginx:1.27',
      ports: ['80'],
    });
    await waitForContainer(shop.customer, 'shop', 'fine', 'running');
    const fine = await shop.customer.data(CONTAINER_PROBLEM, { name: 'fine', namespace: 'shop' });
    expect(fine.container.problem).toBeNull();
  });
});
