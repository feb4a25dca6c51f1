import { ESLint } from 'eslint';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { serverBoundaries } from '../../../../eslint/server-boundaries.js';
import { folderCycles } from '../../../../scripts/folder-cycles.ts';

// The server's boundaries as lint rules (eslint/server-boundaries.js) and the folder-cycle check
// (scripts/folder-cycles.ts), tried on a small fixture that breaks each rule once, and the folder check on
// the server itself.

const FIXTURE = 'apps/server/test/fixtures/boundaries/src';
const repository = new URL('../../../../', import.meta.url).pathname;

async function lintFixture(file: string) {
  const eslint = new ESLint({
    cwd: repository,
    overrideConfigFile: true,
    overrideConfig: [
      {
        languageOptions: { parser: tseslint.parser },
        plugins: { 'import-x': importX, '@typescript-eslint': tseslint.plugin },
        settings: { 'import-x/resolver': { typescript: true, node: true } },
      },
      ...serverBoundaries(FIXTURE),
    ],
  });
  const [result] = await eslint.lintFiles([`${FIXTURE}/${file}`]);
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? ''}: ${message.message}`);
}

describe('the server boundaries', () => {
  it('let a store write SQL', async () => {
    expect(await lintFixture('modules/things/store.ts')).toEqual([]);
  });

  it('refuse SQL outside a store, allowing a row type', async () => {
    expect(await lintFixture('modules/things/service.ts')).toEqual([
      "@typescript-eslint/no-restricted-imports: 'drizzle-orm' import is restricted from being used by a pattern. SQL lives in stores (**/store.ts): call the store.",
    ]);
  });

  it("refuse a driver importing a module's store", async () => {
    expect(await lintFixture('provisioning/kubernetes/driver.ts')).toEqual([
      'import-x/no-restricted-paths: Unexpected path "../../modules/things/store.ts" imported in restricted zone. Drivers know the runtime port (provisioning/), not the modules: report through the port.',
    ]);
  });

  it('find folders that import one another, though no file is in a cycle', () => {
    expect(folderCycles(`${repository}${FIXTURE}`)).toEqual([['modules/a', 'modules/b']]);
  });

  it('find no folder cycle in the server', () => {
    expect(folderCycles(`${repository}apps/server/src`)).toEqual([]);
  });
});
