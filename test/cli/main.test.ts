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

  it('reads .rst and files without an extension, and says once which files it skipped and why', () => {
    const dir = corpus();
    fs.writeFileSync(path.join(dir, 'pep.rst'), 'Release schedule\n================\n\nPython 3.8.5 was released on 2020-07-20.\n');
    fs.writeFileSync(path.join(dir, 'europe'), '# tzdb data for Europe\n#\n# From Paul Eggert (2017-02-10):\n# Sources are listed here.\nRule\tGB\t1916\tonly\n');
    fs.writeFileSync(path.join(dir, 'fake.txt'), Buffer.from([0x25, 0x50, 0x44, 0x46, 0, 1, 2, 3, 0, 0, 0xff]));
    fs.writeFileSync(path.join(dir, 'b.zip'), 'PK');
    fs.writeFileSync(path.join(dir, 'empty.md'), '');
    const r = cli([dir, 'Python 3.8.5 released', '--json']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout.trim()).results[0].passage.docId).toBe('pep.rst');
    expect(r.stderr).toMatch(/indexed 4 documents/);
    const summary = r.stderr.split('\n').filter((l) => l.startsWith('Skipped'));
    expect(summary).toHaveLength(1);
    expect(summary[0]).toMatch(/^Skipped 4 files: /);
    expect(summary[0]).toMatch(/1 binary content under a text name \(fake\.txt\)/);
    expect(summary[0]).toMatch(/not a supported type \(\.bin\) \(ignored\.bin\)/);
    expect(summary[0]).toMatch(/1 empty \(empty\.md\)/);
  });

  it('explains bad usage', () => {
    expect(cli([]).status).toBe(2);
    const r = cli(['/nonexistent/folder', 'q']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/cannot read folder/);
  });
});
