import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// ESLint's import-x/no-cycle looks at files, and passes over imports of types. A folder answers
// its own question only if it never needs a folder that needs it back, and a file can be read
// before the files it needs only if none needs it back, types included: this walks every product
// file's imports (the embedded database's package too) and checks the folders, at each depth, and
// the files for a cycle.

/** Every product source file git tracks (tests import across folders freely). */
function productFiles(): string[] {
  return execFileSync('git', ['ls-files', '*.ts', '*.tsx'], { encoding: 'utf8' })
    .split('\n')
    .filter((file) => file !== '' && !/\.(test|spec)\.tsx?$/.test(file) && !file.startsWith('test/') && !file.endsWith('.d.ts'));
}

/** The folder a file counts in at a depth: 'src/catalog' for src/catalog/unit-fields.ts at depth 2 or more. */
function folderAt(file: string, depth: number): string {
  return path.posix.dirname(file).split('/').slice(0, depth).join('/');
}

/** Which file each relative import of a file names, extension or index left for the resolver. */
function importedFiles(file: string, known: Set<string>): string[] {
  const { importedFiles: imports } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return imports
    .map((entry) => entry.fileName)
    .filter((name) => name.startsWith('.'))
    .flatMap((name) => {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), name));
      const found = [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`].find((candidate) => known.has(candidate));
      return found ? [found] : [];
    });
}

/** Each cycle of a directed graph once, as the path round it ('a → b → a'). */
export function cyclesOf(edges: ReadonlyArray<readonly [string, string]>): string[] {
  const next = new Map<string, string[]>();
  for (const [from, to] of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const cycles = new Set<string>();
  const done = new Set<string>();
  const walk = (node: string, trail: string[]) => {
    const seenAt = trail.indexOf(node);
    if (seenAt >= 0) {
      const loop = trail.slice(seenAt);
      // The same loop found from another of its nodes reads the same once rotated to its smallest.
      const start = loop.indexOf([...loop].sort()[0]!);
      const rotated = [...loop.slice(start), ...loop.slice(0, start)];
      cycles.add([...rotated, rotated[0]].join(' → '));
      return;
    }
    if (done.has(node)) return;
    for (const to of next.get(node) ?? []) walk(to, [...trail, node]);
    done.add(node);
  };
  for (const node of next.keys()) walk(node, []);
  return [...cycles].sort();
}

describe('the folder graph', () => {
  it('finds a cycle where one folder needs another that needs it back', () => {
    expect(
      cyclesOf([
        ['src', 'seeds'],
        ['services', 'src'],
        ['src/contact', 'src/catalog'],
        ['src/catalog', 'src/head'],
        ['src/head', 'src/contact'],
      ]),
    ).toEqual(['src/catalog → src/head → src/contact → src/catalog']);
    expect(cyclesOf([['views', 'src']])).toEqual([]);
  });

  it.each([1, 2, 3])('has no cycle between folders %i deep, types included', (depth) => {
    const files = productFiles();
    const known = new Set(files);
    expect(files.length).toBeGreaterThan(100);
    const edges = new Map<string, [string, string]>();
    for (const file of files) {
      for (const target of importedFiles(file, known)) {
        const from = folderAt(file, depth);
        const to = folderAt(target, depth);
        if (from !== to) edges.set(`${from} ${to}`, [from, to]);
      }
    }
    expect(edges.size).toBeGreaterThan(10);
    expect(cyclesOf([...edges.values()])).toEqual([]);
  });
});

describe('the file graph', () => {
  it('has no cycle between files, types included', () => {
    const files = productFiles();
    const known = new Set(files);
    expect(files).toContain('packages/embedded-mongo/src/sqlite-store.ts');
    const edges = files.flatMap((file) => importedFiles(file, known).map((target) => [file, target] as const));
    expect(edges.length).toBeGreaterThan(300);
    expect(cyclesOf(edges)).toEqual([]);
  });
});
