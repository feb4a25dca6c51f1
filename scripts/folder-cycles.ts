import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

// Cycles between folders of a source tree, which import-x/no-cycle (it sees files) does not catch. A folder
// is a top-level folder of `root`, or one folder deeper for the folders that hold one unit per sub-folder
// (modules/billing). Files directly in `root` compose everything and are left out.
// Type-only imports are left out too: they vanish when compiled (the GraphQL context's type, defined by
// graphql/ and used by the resolvers of each module, is one).
// Run: node --import tsx scripts/folder-cycles.ts apps/server/src

const IMPORT = /^\s*(import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The folder unit of a file under root, or undefined for a file directly in root. */
function unitOf(root: string, file: string, nested: readonly string[]): string | undefined {
  const parts = relative(root, file).split(sep);
  if (parts.length < 2) return undefined;
  const [top = '', next = ''] = parts;
  return nested.includes(top) && parts.length > 2 ? `${top}/${next}` : top;
}

/** The folder graph: each unit and the units its files import at run time. */
export function folderGraph(root: string, nested: readonly string[] = ['modules']) {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(root)) {
    const from = unitOf(root, file, nested);
    if (!from) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = unitOf(root, resolve(dirname(file), match[2] ?? ''), nested);
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Each group of folders that import one another in a circle (Tarjan's strongly connected components). */
export function folderCycles(root: string, nested?: readonly string[]): string[][] {
  const graph = folderGraph(root, nested);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (unit: string) => {
    index.set(unit, index.size);
    low.set(unit, index.get(unit) ?? 0);
    stack.push(unit);
    onStack.add(unit);
    for (const next of graph.get(unit) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(unit, Math.min(low.get(unit) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(unit, Math.min(low.get(unit) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(unit) !== index.get(unit)) return;
    const component: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      component.push(member);
      if (member === unit) break;
    }
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const unit of [...graph.keys()].sort()) if (!index.has(unit)) visit(unit);
  return cycles;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const root = process.argv[2] ?? 'apps/server/src';
  const cycles = folderCycles(root);
  for (const cycle of cycles) console.log(`cycle: ${cycle.join(' ↔ ')}`);
  if (cycles.length === 0) console.log(`no folder cycles in ${root}`);
  process.exitCode = cycles.length > 0 ? 1 : 0;
}
