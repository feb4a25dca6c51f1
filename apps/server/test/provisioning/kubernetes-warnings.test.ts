import { describe, expect, it } from 'vitest';
import { warningSentence } from '../../src/provisioning/kubernetes/warnings.ts';

// Each Kubernetes warning reason a customer meets, as the sentence their container's events show.

const sentence = (reason: string, message: string) =>
  warningSentence({ metadata: { name: 'e' }, type: 'Warning', reason, message });

describe('Kubernetes warnings in plain words', () => {
  it.each([
    [
      'BackOff',
      'Back-off restarting failed container app in pod web-1',
      'The command keeps exiting, so it is restarted after a growing pause: see the log lines before each exit.',
    ],
    [
      'BackOff',
      'Back-off pulling image "ghcr.io/acme/web:2"',
      'Pulling the image is retried after a growing pause (the cluster said: Back-off pulling image "ghcr.io/acme/web:2").',
    ],
    [
      'FailedMount',
      'MountVolume.SetUp failed for volume "data" : timed out',
      'A volume could not be mounted, so the container waits (the cluster said: MountVolume.SetUp failed for volume "data" : timed out).',
    ],
    [
      'Unhealthy',
      'Liveness probe failed: Get "http://10.0.0.5:8080/health": context deadline exceeded',
      'The health check fails, so the container is restarted (the cluster said: Get "http://10.0.0.5:8080/health": context deadline exceeded).',
    ],
    [
      'Failed',
      'Error: secret "container-web-env" not found',
      'The container could not be started (the cluster said: Error: secret "container-web-env" not found).',
    ],
    [
      'Evicted',
      'The node was low on resource: memory.',
      'The replica was stopped because its node ran short of resources (the cluster said: The node was low on resource: memory.).',
    ],
    [
      'FailedCreatePodSandBox',
      'Failed to create pod sandbox',
      'The cluster warned: FailedCreatePodSandBox (the cluster said: Failed to create pod sandbox).',
    ],
  ])('%s: %s', (reason, message, expected) => {
    expect(sentence(reason, message)).toBe(expected);
  });

  it('leaves out the short repeat of a pull failure, and shortens what the cluster said', () => {
    expect(sentence('Failed', 'Error: ImagePullBackOff')).toBeUndefined();
    const long = sentence('FailedMount', `rpc error: ${'x'.repeat(400)}`) ?? '';
    expect(long).toMatch(
      /^A volume could not be mounted, so the container waits \(the cluster said: rpc error: x+…\)\.$/,
    );
    expect(long.length).toBeLessThan(320);
  });
});
