import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIGURATION_DOCS, renderConfigurationDocs } from '../../../../scripts/config-docs.ts';

// The documentation is kept true by this file: the configuration page is what the environment schema renders,
// the architecture page names folders that exist (and every folder that exists), and no relative link is dead.

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const markdownFiles = [
  'README.md',
  ...readdirSync(path.join(REPO_ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** Folders below `parent`, as repository paths. */
const foldersOf = (parent: string) =>
  readdirSync(path.join(REPO_ROOT, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== 'dist')
    .map((entry) => `${parent}/${entry.name}`);

describe('docs/configuration.md', () => {
  it('is what `npm run docs:config` renders from apps/server/src/environment.ts', async () => {
    const expected = await renderConfigurationDocs();
    const actual = readFileSync(CONFIGURATION_DOCS, 'utf8');
    expect(actual, 'docs/configuration.md is stale: run `npm run docs:config`').toBe(expected);
  });
});

describe('docs/architecture.md', () => {
  const page = read('docs/architecture.md');
  const named = new Set(
    [...page.matchAll(/`((?:apps|packages|e2e|bench|deploy|scripts|docs)(?:\/[\w.$-]+)*)\/?`/g)].map(
      (match) => match[1] as string,
    ),
  );

  it('names only paths that exist', () => {
    expect(named.size).toBeGreaterThan(20);
    const missing = [...named].filter((name) => !existsSync(path.join(REPO_ROOT, name)));
    expect(missing).toEqual([]);
  });

  it("names every folder of the server's source, its modules and drivers, the portal's source and the packages", () => {
    const folders = [
      ...foldersOf('apps/server/src'),
      ...foldersOf('apps/server/src/modules'),
      ...foldersOf('apps/server/src/provisioning'),
      ...foldersOf('apps/portal/src'),
      ...foldersOf('packages'),
    ].filter((folder) => !folder.startsWith('apps/server/src/db/'));
    const unnamed = folders.filter((folder) => !named.has(folder));
    expect(unnamed, 'add a line for each to docs/architecture.md').toEqual([]);
  });
});

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

const anchorsOf = (file: string) =>
  new Set(
    [
      ...readFileSync(file, 'utf8')
        .replace(/```[\s\S]*?```/g, '')
        .matchAll(/^#{1,6} (.+)$/gm),
    ].map((match) => slug(match[1] as string)),
  );

describe('relative links in README.md and docs/', () => {
  it.each(markdownFiles)('%s links only to files and headings that exist', (file) => {
    const text = read(file).replace(/```[\s\S]*?```/g, '');
    const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] as string);
    const relative = targets.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
    const dead = relative.filter((target) => {
      const [pathPart = '', anchor] = target.split('#');
      const resolved = pathPart
        ? path.resolve(path.dirname(path.join(REPO_ROOT, file)), decodeURI(pathPart))
        : path.join(REPO_ROOT, file);
      if (!resolved.startsWith(REPO_ROOT) || !existsSync(resolved) || !statSync(resolved).isFile())
        return true;
      return anchor !== undefined && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor);
    });
    expect(dead).toEqual([]);
  });
});
