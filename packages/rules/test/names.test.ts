import { describe, expect, it } from 'vitest';
import { RESOURCE_NAME_MAX, resourceNameProblem, variableNameProblem } from '../src/index.ts';

describe('resource names', () => {
  it.each(['a', 'web', 'shop-api', 'a1', 'x-2-y', 'a'.repeat(RESOURCE_NAME_MAX)])('accepts %s', (name) => {
    expect(resourceNameProblem(name)).toBeUndefined();
  });

  it.each([
    ['', 'empty'],
    ['a'.repeat(RESOURCE_NAME_MAX + 1), 'too-long'],
    ['1web', 'bad-start'],
    ['-web', 'bad-start'],
    ['Web', 'bad-start'],
    ['web_api', 'bad-character'],
    ['weB', 'bad-character'],
    ['web.api', 'bad-character'],
    ['web-', 'bad-end'],
  ] as const)('refuses %j: %s', (name, problem) => {
    expect(resourceNameProblem(name)).toBe(problem);
  });

  it('gives the length before the characters, and the start before the rest', () => {
    expect(resourceNameProblem(`A${'a'.repeat(RESOURCE_NAME_MAX)}`)).toBe('too-long');
    expect(resourceNameProblem('1_-')).toBe('bad-start');
    expect(resourceNameProblem('a_-')).toBe('bad-character');
  });
});

describe('environment variable names', () => {
  it.each(['A', 'DATABASE_URL', '_private', 'lower_case9'])('accepts %s', (name) => {
    expect(variableNameProblem(name)).toBeUndefined();
  });

  it.each([
    ['', 'empty'],
    ['9LIVES', 'bad-start'],
    ['-X', 'bad-start'],
    ['MY-VAR', 'bad-character'],
    ['A B', 'bad-character'],
  ] as const)('refuses %j: %s', (name, problem) => {
    expect(variableNameProblem(name)).toBe(problem);
  });
});
