import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Contract modules are made of top-level schema values: an import cycle between two of them makes
 * one read the other's schemas before they exist (a ReferenceError at start-up, depending on which
 * module is loaded first). The relative imports between them must form no cycle.
 */
const SOURCE = fileURLToPath(new URL('../../contract/src/', import.meta.url));
const IMPORT = /^\s*(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+\.ts)'/gm;

function modules(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => join(dir, file));
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((match) => resolve(dirname(file), match[1] ?? ''));
}

/** One cycle as a list of files, or null. */
function findCycle(files: readonly string[]): string[] | null {
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): string[] | null => {
    if (state.get(file) === 'done') return null;
    if (state.get(file) === 'visiting') return [...stack.slice(stack.indexOf(file)), file];
    state.set(file, 'visiting');
    stack.push(file);
    for (const next of importsOf(file)) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(file, 'done');
    return null;
  };
  for (const file of files) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return null;
}

describe('contract modules', () => {
  it('import each other without cycles', () => {
    const cycle = findCycle(modules(SOURCE));
    expect(cycle?.map((file) => relative(SOURCE, file)).join(' → ') ?? null).toBeNull();
  });

  it('would be caught: a cycle between two modules is found', () => {
    const dir = mkdtempSync(join(tmpdir(), 'contract-graph-'));
    try {
      writeFileSync(join(dir, 'a.ts'), "import { b } from './b.ts';\nexport const a = b;\n");
      writeFileSync(join(dir, 'b.ts'), "import { a } from './a.ts';\nexport const b = a;\n");
      writeFileSync(join(dir, 'c.ts'), "import { a } from './a.ts';\nexport const c = a;\n");
      expect(findCycle(modules(dir))?.map((file) => relative(dir, file))).toEqual([
        'a.ts',
        'b.ts',
        'a.ts',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
