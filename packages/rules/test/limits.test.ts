import { describe, expect, it } from 'vitest';
import {
  AUTOSCALING_REPLICAS,
  autoscalingProblem,
  MANUAL_REPLICAS,
  manualReplicasProblem,
  REGISTRY_PASSWORD_MAX,
  REGISTRY_SOURCE_MAX,
  REGISTRY_USERNAME_MAX,
  registryPasswordProblem,
  registryUsernameProblem,
  VOLUME_SIZE_GB,
  volumeSizeProblem,
} from '../src/index.ts';

describe('the limits', () => {
  it('are the platform’s (API.md)', () => {
    expect(VOLUME_SIZE_GB).toEqual({ min: 1, max: 1000 });
    expect(MANUAL_REPLICAS).toEqual({ min: 0, max: 10 });
    expect(AUTOSCALING_REPLICAS).toEqual({ min: 1, max: 10 });
    expect([REGISTRY_SOURCE_MAX, REGISTRY_USERNAME_MAX, REGISTRY_PASSWORD_MAX]).toEqual([255, 255, 4096]);
  });
});

describe('volume sizes', () => {
  it('are whole GB from 1 to 1000', () => {
    expect(volumeSizeProblem(1)).toBeUndefined();
    expect(volumeSizeProblem(1000)).toBeUndefined();
    expect(volumeSizeProblem(0)).toBe('too-small');
    expect(volumeSizeProblem(-5)).toBe('too-small');
    expect(volumeSizeProblem(1001)).toBe('too-large');
    expect(volumeSizeProblem(1.5)).toBe('not-whole');
    expect(volumeSizeProblem(Number.NaN)).toBe('not-whole');
    expect(volumeSizeProblem(Number.POSITIVE_INFINITY)).toBe('not-whole');
  });

  it('grow from a minimum', () => {
    expect(volumeSizeProblem(10, 11)).toBe('too-small');
    expect(volumeSizeProblem(11, 11)).toBeUndefined();
    expect(volumeSizeProblem(1001, 11)).toBe('too-large');
  });
});

describe('replicas', () => {
  it('are 0 to 10 when fixed', () => {
    expect(manualReplicasProblem(0)).toBeUndefined();
    expect(manualReplicasProblem(10)).toBeUndefined();
    expect(manualReplicasProblem(-1)).toBe('too-small');
    expect(manualReplicasProblem(11)).toBe('too-large');
    expect(manualReplicasProblem(2.5)).toBe('not-whole');
  });

  it('keep 1 <= minimum <= maximum <= 10 under autoscaling', () => {
    expect(autoscalingProblem(1, 10)).toBeUndefined();
    expect(autoscalingProblem(3, 3)).toBeUndefined();
    expect(autoscalingProblem(0, 3)).toBe('minimum-too-small');
    expect(autoscalingProblem(1, 11)).toBe('maximum-too-large');
    expect(autoscalingProblem(5, 4)).toBe('minimum-above-maximum');
    expect(autoscalingProblem(0, 11)).toBe('minimum-too-small');
  });
});

describe('registry credentials', () => {
  it('need a user name of at most 255 characters', () => {
    expect(registryUsernameProblem('bot')).toBeUndefined();
    expect(registryUsernameProblem('')).toBe('empty');
    expect(registryUsernameProblem('u'.repeat(REGISTRY_USERNAME_MAX))).toBeUndefined();
    expect(registryUsernameProblem('u'.repeat(REGISTRY_USERNAME_MAX + 1))).toBe('too-long');
  });

  it('need a password of at most 4096 characters, spaces included', () => {
    expect(registryPasswordProblem(' ')).toBeUndefined();
    expect(registryPasswordProblem('')).toBe('empty');
    expect(registryPasswordProblem('p'.repeat(REGISTRY_PASSWORD_MAX))).toBeUndefined();
    expect(registryPasswordProblem('p'.repeat(REGISTRY_PASSWORD_MAX + 1))).toBe('too-long');
  });
});
