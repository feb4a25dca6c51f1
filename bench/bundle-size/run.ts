// Bundle size of the portal: gzip KB of the JavaScript a visit downloads before the screen shows, for the first
// screen (/welcome) and for the heaviest route. Every route's screen is a chunk of its own (TanStack Router's
// automatic code splitting), so a visit to an address loads the entry, everything it imports statically, and
// the split chunks of the routes the address matches, from the root to the leaf, with their static imports.
// What a screen loads later on demand (the phone's navigation drawer, other languages' cron texts) is not
// counted. Builds the portal with a manifest into a temporary folder so the figures come from exactly what
// Vite ships.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';

const portalRoot = fileURLToPath(new URL('../../apps/portal', import.meta.url));
const routesDir = 'src/app/routes';
const firstScreenRoute = `${routesDir}/welcome.tsx`;
const budgets = { firstScreenKb: 170, heaviestRouteKb: 250 };

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

/** The route file a split chunk was made from (`…/containers.tsx?tsr-split=component` → `…/containers.tsx`). */
const routeFileOf = (key: string) => key.split('?')[0] as string;

/**
 * The route files an address matches, root to leaf, for the route file of its leaf: the `route.tsx` of
 * each folder above it (the layouts), then the leaf itself.
 */
function routeChain(leaf: string, routeFiles: Set<string>): string[] {
  const chain: string[] = [];
  for (
    let folder = path.posix.dirname(leaf);
    folder.startsWith(routesDir);
    folder = path.posix.dirname(folder)
  ) {
    const layout = `${folder}/route.tsx`;
    if (layout !== leaf && routeFiles.has(layout)) chain.unshift(layout);
  }
  return [...chain, leaf];
}

const outDir = await mkdtemp(path.join(tmpdir(), 'berth-bundle-'));
try {
  await build({ root: portalRoot, logLevel: 'warn', build: { outDir, emptyOutDir: true, manifest: true } });
  const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('The build has no entry chunk');

  // The split chunks of each route file (component, and whatever else the plugin split off).
  const splitChunks = new Map<string, string[]>();
  for (const key of Object.keys(manifest).filter(
    (key) => key.startsWith(`${routesDir}/`) && key.includes('?'),
  )) {
    splitChunks.set(routeFileOf(key), [...(splitChunks.get(routeFileOf(key)) ?? []), key]);
  }
  const routeFiles = new Set(splitChunks.keys());
  const leaves = [...routeFiles].filter((file) => !file.endsWith('/route.tsx'));
  if (!routeFiles.has(firstScreenRoute))
    throw new Error(`No split chunk of ${firstScreenRoute}: is code splitting on?`);

  const visit = (leaf: string) =>
    staticClosure(manifest, [
      entry,
      ...routeChain(leaf, routeFiles).flatMap((file) => splitChunks.get(file) ?? []),
    ]);
  const sizes = await Promise.all(
    leaves.map(async (leaf) => ({ leaf, files: visit(leaf), kb: await gzipKb(outDir, visit(leaf)) })),
  );
  sizes.sort((a, b) => b.kb - a.kb);
  const firstScreen = sizes.find((size) => size.leaf === firstScreenRoute);
  const heaviest = sizes[0];
  if (!firstScreen || !heaviest) throw new Error('No routes measured');

  const verdict = (value: number, budget: number) => (value <= budget ? 'within budget' : 'OVER BUDGET');
  const address = (leaf: string) => leaf.slice(routesDir.length).replace(/\.tsx$/, '');
  console.log(
    `First screen (/welcome, ${firstScreen.files.size} files): ${firstScreen.kb.toFixed(1)} KB gzip, budget ${budgets.firstScreenKb} KB: ${verdict(firstScreen.kb, budgets.firstScreenKb)}`,
  );
  console.log(
    `Heaviest route (${address(heaviest.leaf)}, ${heaviest.files.size} files): ${heaviest.kb.toFixed(1)} KB gzip, budget ${budgets.heaviestRouteKb} KB: ${verdict(heaviest.kb, budgets.heaviestRouteKb)}`,
  );
  console.log(`Routes measured: ${sizes.length}; next heaviest:`);
  for (const { leaf, kb } of sizes.slice(1, 4)) console.log(`  ${address(leaf)}: ${kb.toFixed(1)} KB`);
  if (firstScreen.kb > budgets.firstScreenKb || heaviest.kb > budgets.heaviestRouteKb) process.exitCode = 1;
} finally {
  await rm(outDir, { recursive: true, force: true });
}
