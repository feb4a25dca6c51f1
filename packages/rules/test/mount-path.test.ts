import { describe, expect, it } from 'vitest';
import { mountPathKey, mountPathProblem } from '../src/index.ts';

describe('mount paths', () => {
  it.each(['/data', '/var/lib/data', '/data/', '/a..b', '/.cache'])('accepts %s', (path) => {
    expect(mountPathProblem(path)).toBeUndefined();
  });

  it.each(['', 'data', './data', '/', '//', '///'])('refuses %j as not below the root', (path) => {
    expect(mountPathProblem(path)).toBe('not-below-root');
  });

  it.each(['/..', '/data/..', '/data/../etc', '/../data'])('refuses %s for its parent directory', (path) => {
    expect(mountPathProblem(path)).toBe('parent-directory');
  });

  it('names one place with or without trailing slashes', () => {
    expect(mountPathKey('/data/')).toBe(mountPathKey('/data'));
    expect(mountPathKey('/data//')).toBe('/data');
    expect(mountPathKey('/data/logs')).not.toBe(mountPathKey('/data'));
  });
});
