// Bundle size of the portal: gzip KB of the JavaScript the first screen loads (the entry, everything it
// imports statically, and the welcome page's chunk), and of every route together. Builds the portal with a
// manifest into a temporary folder so the figures come from exactly what Vite ships.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';

const portalRoot = fileURLToPath(new URL('../../apps/portal', import.meta.url));
const firstScreenSource = 'src/app/pages/welcome-page.tsx';
const budgets = { firstScreenKb: 170, allRoutesKb: 350 };

async function gzipKb(outDir: string, files: Iterable<string>): Promise<number> {
  let bytes = 0;
  for (const file of files) bytes += gzipSync(await readFile(path.join(outDir, file))).length;
  return bytes / 1024;
}

/** The chunk files a chunk needs before it runs: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const pending = [...keys];
  const seen = new Set<string>();
  while (pending.length) {
    const key = pending.pop() as string;
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`No chunk ${key} in the build manifest`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    pending.push(...(chunk.imports ?? []));
  }
  return files;
}

const outDir = await mkdtemp(path.join(tmpdir(), 'berth-bundle-'));
try {
  await build({ root: portalRoot, logLevel: 'warn', build: { outDir, emptyOutDir: true, manifest: true } });
  const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('The build has no entry chunk');

  const firstScreen = staticClosure(manifest, [entry, firstScreenSource]);
  const allJs = (await readdir(path.join(outDir, 'assets')))
    .filter((file) => file.endsWith('.js'))
    .map((file) => `assets/${file}`);

  const firstScreenKb = await gzipKb(outDir, firstScreen);
  const allRoutesKb = await gzipKb(outDir, allJs);
  const verdict = (value: number, budget: number) => (value <= budget ? 'within budget' : 'OVER BUDGET');

  console.log(
    `First screen (/welcome, ${firstScreen.size} files): ${firstScreenKb.toFixed(1)} KB gzip, budget ${budgets.firstScreenKb} KB: ${verdict(firstScreenKb, budgets.firstScreenKb)}`,
  );
  console.log(
    `All routes (${allJs.length} files): ${allRoutesKb.toFixed(1)} KB gzip, budget ${budgets.allRoutesKb} KB: ${verdict(allRoutesKb, budgets.allRoutesKb)}`,
  );
  if (firstScreenKb > budgets.firstScreenKb || allRoutesKb > budgets.allRoutesKb) process.exitCode = 1;
} finally {
  await rm(outDir, { recursive: true, force: true });
}
