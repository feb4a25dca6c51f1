import { describe, expect, it } from 'vitest';
import { IMAGE_NAME_MAX, imageReferenceProblem, isImagePathComponent } from '../src/index.ts';

const digest = `sha256:${'a'.repeat(64)}`;

describe('image references', () => {
  it.each([
    'nginx',
    'nginx:1.27',
    'library/nginx:latest',
    'ghcr.io/acme/shop:v1.2.3',
    'registry.local:5000/team/app',
    'Registry.Example.com/app',
    'ACME/app',
    `nginx@${digest}`,
    `nginx:1.27@${digest}`,
    'my_app__x/a.b-c---d',
    `${'a'.repeat(IMAGE_NAME_MAX)}:tag`,
  ])('accepts %s', (image) => {
    expect(imageReferenceProblem(image)).toBeUndefined();
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['nginx 1.27', 'has-space'],
    [' nginx', 'has-space'],
    ['a'.repeat(IMAGE_NAME_MAX + 1), 'too-long'],
    ['Nginx', 'uppercase'],
    ['acme/MyApp:1', 'uppercase'],
    ['acme/App/x', 'bad-format'],
    ['nginx:', 'bad-format'],
    ['nginx:-tag', 'bad-format'],
    [`nginx@sha256:${'a'.repeat(63)}`, 'bad-format'],
    ['http://nginx', 'bad-format'],
    ['-app', 'bad-format'],
  ] as const)('refuses %j: %s', (image, problem) => {
    expect(imageReferenceProblem(image)).toBe(problem);
  });

  it('knows one path component', () => {
    for (const component of ['acme', 'a.b', 'a_b', 'a__b', 'a---b', '0'])
      expect(isImagePathComponent(component), component).toBe(true);
    for (const component of ['', 'Acme', 'a/b', '.a', 'a.', 'a___b', 'a:b'])
      expect(isImagePathComponent(component), component).toBe(false);
  });
});
