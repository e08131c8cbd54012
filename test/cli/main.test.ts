import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const cli = (args: string[], input?: string) =>
  spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['src/cli/main.ts', ...args], { cwd: root, encoding: 'utf8', input });

function corpus(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'almanac-cli-'));
  fs.mkdirSync(path.join(dir, 'sub'));
  fs.writeFileSync(path.join(dir, 'house.md'), '# Baker House\n\nGeorge Peter owned the house from 1811 to 1827.');
  fs.writeFileSync(path.join(dir, 'sub', 'rates.csv'), 'currency,2013\nEuro,1.3\nMexican peso,11.2\n');
  fs.writeFileSync(path.join(dir, 'ignored.bin'), 'nope');
  return dir;
}

describe('almanac CLI', () => {
  it('indexes a folder recursively and answers a question as JSON', () => {
    const r = cli([corpus(), 'who owned the house', '--json', '--limit', '2']);
    expect(r.status).toBe(0);
    const res = JSON.parse(r.stdout.trim());
    expect(res.mode).toBe('bm25');
    expect(res.results[0].passage.docId).toBe('house.md');
    expect(r.stderr).toMatch(/indexed 2 documents/);
  });

  it('reads questions from standard input', () => {
    const r = cli([corpus()], 'Mexican peso\nGeorge Peter\n');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Mexican peso.*\n[\s\S]*sub\/rates\.csv/);
    expect(r.stdout).toMatch(/George Peter[\s\S]*house\.md/);
  });

  it('cites the table cell a question names', () => {
    const r = cli([corpus(), 'Mexican peso in 2013']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('cell: Mexican peso · 2013: 11.2');
  });

  it('prints the answer line with its citation before the ranked passages, also as JSON', () => {
    const dir = corpus();
    const r = cli([dir, 'Mexican peso in 2013']);
    expect(r.status).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[1]).toBe('  answer: 11.2  [cell]');
    expect(lines[2]).toBe('    from sub/rates.csv, table 1: Mexican peso · 2013 = 11.2');
    expect(r.stdout.indexOf('answer:')).toBeLessThan(r.stdout.indexOf('  1. '));
    const json = JSON.parse(cli([dir, 'Mexican peso in 2013', '--json']).stdout.trim());
    expect(json.answer).toMatchObject({ kind: 'cell', value: 11.2, citations: [{ docId: 'sub/rates.csv', rowPath: ['Mexican peso'], columnPath: ['2013'] }] });
    expect(json.results.length).toBeGreaterThan(0);
    const none = cli([dir, 'what is the boiling point of mercury']);
    expect(none.stdout).toContain('answer: No answer found in your documents');
  });

  it('explains bad usage', () => {
    expect(cli([]).status).toBe(2);
    const r = cli(['/nonexistent/folder', 'q']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/cannot read folder/);
  });
});
