/**
 * The module graph of `src/` has no cycles of runtime imports. A cycle makes a module's exports
 * undefined while another in the same circle initialises (the order depends on which one an entry
 * point happens to import first), and it ties modules that should stand alone together; type-only
 * imports are erased and lazy `import()`s run after initialisation, so neither counts.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../src');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : /\.ts$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** The local modules `file` imports at load time (static, not type-only). */
function runtimeImports(file: string): string[] {
  const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  for (const node of sf.statements) {
    let spec: ts.Expression | undefined;
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly = clause && (clause.isTypeOnly
        || (!clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings)
          && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) spec = node.moduleSpecifier;
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      spec = node.moduleSpecifier;
    }
    if (spec && ts.isStringLiteral(spec) && spec.text.startsWith('.')) {
      const target = path.resolve(path.dirname(file), spec.text);
      if (target.startsWith(src + path.sep) && fs.existsSync(target)) out.push(target);
    }
  }
  return out;
}

/** Every cycle found by a depth-first walk, each as the list of files around it. */
function cycles(files: string[]): string[][] {
  const graph = new Map(files.map((f) => [f, runtimeImports(f)]));
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (f: string): void => {
    state.set(f, 'open');
    stack.push(f);
    for (const g of graph.get(f) ?? []) {
      if (state.get(g) === 'open') found.push(stack.slice(stack.indexOf(g)).concat(g));
      else if (!state.has(g)) visit(g);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of files) if (!state.has(f)) visit(f);
  return found.map((c) => c.map((f) => path.relative(src, f)));
}

describe('src module graph', () => {
  it('finds the imports it is meant to check', () => {
    // The walk sees real edges (else "no cycles" would hold vacuously).
    const engine = runtimeImports(path.join(src, 'engine/create.ts')).map((f) => path.relative(src, f));
    expect(engine).toContain('engine/state.ts');
    expect(cycles([path.join(src, 'engine/create.ts')])).toEqual([]);
  });

  it('has no cycles of runtime imports', () => {
    expect(cycles(sources(src))).toEqual([]);
  });
});
