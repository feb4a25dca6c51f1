import { describe, expect, it } from 'vitest';
import {
  registryFormSchema,
  registrySourceProblem,
} from '../../src/features/registries/components/registry-schema.ts';
import { volumeFormSchema, volumeResizeSchema } from '../../src/features/volumes/components/volume-schema.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('registry form', () => {
  it.each([
    'registry.example.com',
    'ghcr.io/acme',
    'registry.local:5000/team',
    'https://registry.example.com',
    '10.0.0.5:5000',
  ])('accepts the source %s', (source) => {
    expect(registrySourceProblem(source)).toBeNull();
  });

  it.each([
    ['', 'Enter the registry, such as registry.example.com or ghcr.io/org'],
    ['http://registry.example.com', 'Leave out http://: registries are reached over HTTPS'],
    [
      'ghcr.io/Acme',
      'Write the path in lowercase letters and digits separated by /, ., _ or -, such as ghcr.io/org',
    ],
    ['registry.example.com:70000', 'Use a port from 1 to 65535'],
    ['bad host', 'Start with the registry host name, such as registry.example.com or ghcr.io/org'],
  ])('refuses the source %j: %s', (source, message) => {
    expect(registrySourceProblem(source)).toBe(message);
  });

  it('needs every field; the password is never trimmed', () => {
    const values = {
      name: 'acme',
      source: 'ghcr.io/acme',
      username: 'bot',
      password: ' pass ',
      verify: false,
    };
    expect(registryFormSchema.safeParse(values)).toMatchObject({ success: true, data: values });
    expect(firstMessage(registryFormSchema.safeParse({ ...values, username: '  ' }))).toBe(
      'Enter the user name',
    );
    expect(firstMessage(registryFormSchema.safeParse({ ...values, password: '' }))).toBe(
      'Enter the password or access token',
    );
    expect(firstMessage(registryFormSchema.safeParse({ ...values, source: 'ftp://x' }))).toBe(
      'Leave out ftp://: registries are reached over HTTPS',
    );
  });
});

describe('volume forms', () => {
  it.each([
    ['0', 'Use at least 1 GB'],
    ['1001', 'Use at most 1000 GB'],
    ['1.5', 'Enter a whole number of GB'],
  ])('a new volume of %s GB: %s', (size, message) => {
    expect(firstMessage(volumeFormSchema.safeParse({ name: 'data', size }))).toBe(message);
  });

  it('accepts 1 to 1000 GB', () => {
    expect(volumeFormSchema.safeParse({ name: 'data', size: '1' }).success).toBe(true);
    expect(volumeFormSchema.safeParse({ name: 'data', size: '1000' }).success).toBe(true);
  });

  it('resizes only to a larger size', () => {
    const schema = volumeResizeSchema(10);
    expect(firstMessage(schema.safeParse({ size: '10' }))).toBe(
      'Enter more than the current 10 GB: volumes only grow',
    );
    expect(firstMessage(schema.safeParse({ size: '5' }))).toBe(
      'Enter more than the current 10 GB: volumes only grow',
    );
    expect(schema.safeParse({ size: '11' }).success).toBe(true);
    expect(firstMessage(schema.safeParse({ size: '1001' }))).toBe('Use at most 1000 GB');
  });
});
