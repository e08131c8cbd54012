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

  it('names each file by its path in the folder: two data files called annual.csv are told apart by their folders', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'almanac-cli-'));
    for (const [folder, column, values] of [['gold-prices', 'Price', ['383.467', '362.117']], ['silver-prices', 'Price', ['4.832', '4.058']]] as const) {
      fs.mkdirSync(path.join(dir, folder, 'data'), { recursive: true });
      fs.writeFileSync(path.join(dir, folder, 'data', 'annual.csv'), `Date,${column}\n1990,${values[0]}\n1991,${values[1]}\n`);
      fs.writeFileSync(path.join(dir, folder, 'README.md'), `# ${folder}\n\nAnnual prices since 1950, updated daily from the exchange.\n`);
    }
    const r = cli([dir, 'What was the silver price in 1990?', '--json']);
    expect(r.status).toBe(0);
    const json = JSON.parse(r.stdout.trim());
    expect(json.answer).toMatchObject({ kind: 'cell', text: '4.832', citations: [{ docId: 'silver-prices/data/annual.csv' }] });
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

  it('builds a prebuilt index once and answers from it without indexing again', () => {
    const dir = corpus();
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'almanac-build-')), 'public', 'almanac');
    const built = cli(['build', dir, '--out', out]);
    expect(built.status).toBe(0);
    expect(built.stderr).toMatch(/indexed 2 documents[\s\S]*wrote .*index\.json: 1 segment file/);
    const manifest = JSON.parse(fs.readFileSync(path.join(out, 'index.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: 'almanac-corpus', counts: { documents: 2 } });
    // The source folder is gone: the answer can only come from the index.
    fs.rmSync(dir, { recursive: true });
    const asked = cli(['ask', out, 'Mexican peso in 2013', '--json']);
    expect(asked.status).toBe(0);
    expect(asked.stderr).toMatch(/opened 2 documents/);
    expect(asked.stderr).not.toMatch(/indexing/);
    expect(JSON.parse(asked.stdout.trim()).answer).toMatchObject({ kind: 'cell', value: 11.2 });
    // A second build of another folder replaces the first.
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'almanac-cli-'));
    fs.writeFileSync(path.join(other, 'a.txt'), 'Ada Lovelace wrote the first program in 1843.');
    expect(cli(['build', other, '--out', out]).status).toBe(0);
    expect(JSON.parse(fs.readFileSync(path.join(out, 'index.json'), 'utf8')).counts.documents).toBe(1);
    expect(cli(['ask', out, 'first program']).stdout).toContain('a.txt');
  });

  it('says what is wrong with a missing, damaged or newer index', () => {
    const missing = cli(['ask', path.join(os.tmpdir(), 'no-such-almanac-index'), 'x']);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/No Almanac index at .*index\.json\. Build one first/);
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'almanac-build-'));
    expect(cli(['build', corpus(), '--out', out]).status).toBe(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(out, 'index.json'), 'utf8'));
    const seg = path.join(out, manifest.segments[0].file);
    fs.writeFileSync(seg, fs.readFileSync(seg).subarray(0, 200));
    const corrupt = cli(['ask', out, 'x']);
    expect(corrupt.status).toBe(1);
    expect(corrupt.stderr).toMatch(/damaged, truncated/);
    fs.writeFileSync(path.join(out, 'index.json'), JSON.stringify({ ...manifest, version: 7 }));
    expect(cli(['ask', out, 'x']).stderr).toMatch(/format version 7, newer/);
    expect(cli(['build', corpus()]).stderr).toMatch(/build needs --out/);
  });

  it('builds a sharded index with --shards and answers from it, fetching only what the question needs', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'almanac-build-'));
    const built = cli(['build', corpus(), '--out', out, '--shards']);
    expect(built.status).toBe(0);
    expect(built.stderr).toMatch(/term shards, \d+ document fragments/);
    expect(fs.readdirSync(out).sort()).toEqual(['docs', 'index.json', 'terms', 'times']);
    expect(JSON.parse(fs.readFileSync(path.join(out, 'index.json'), 'utf8')).format).toBe('almanac-shards');
    const asked = cli(['ask', out, 'Mexican peso in 2013', '--json']);
    expect(asked.status).toBe(0);
    expect(JSON.parse(asked.stdout.trim()).answer).toMatchObject({ kind: 'cell', value: 11.2 });
    // Built again without --shards: the one-file layout replaces the shards.
    expect(cli(['build', corpus(), '--out', out]).status).toBe(0);
    expect(fs.readdirSync(out).sort()).toEqual(['index.json', 'segment-0.bin'].sort());
  });

  it('leaves out what --exclude names, and never reads a build back into itself', () => {
    const dir = corpus();
    fs.writeFileSync(path.join(dir, 'SOURCES.md'), '# Sources\n\nGeorge Peter papers, county archive.');
    fs.mkdirSync(path.join(dir, 'drafts'));
    fs.writeFileSync(path.join(dir, 'drafts', 'old.md'), 'George Peter sold the house in 1900.');
    const r = cli([dir, 'George Peter', '--json', '--exclude', 'SOURCES.md', '--exclude', 'drafts/**']);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/left out 2 paths matching --exclude/);
    expect(r.stderr).toMatch(/indexed 2 documents/);
    const ids = JSON.parse(r.stdout.trim()).results.map((x: { passage: { docId: string } }) => x.passage.docId);
    expect(ids).not.toContain('SOURCES.md');
    expect(ids).not.toContain('drafts/old.md');
    // Without --exclude both are read: the filter is what left them out.
    expect(cli([dir, 'George Peter']).stderr).toMatch(/indexed 4 documents/);
    // build into a folder inside the corpus, twice: the second build reads the same 4 documents,
    // not the first build's files.
    const out = path.join(dir, 'public', 'almanac');
    expect(cli(['build', dir, '--out', out, '--shards']).status).toBe(0);
    const again = cli(['build', dir, '--out', out, '--shards']);
    expect(again.status).toBe(0);
    expect(again.stderr).toMatch(/indexed 4 documents/);
    expect(again.stderr).toMatch(/Skipped 1 file: .*ignored\.bin/);
    expect(cli([dir, 'x', '--exclude']).stderr).toMatch(/--exclude takes a glob/);
    expect(cli(['ask', out, 'x', '--exclude', 'a']).status).toBe(2);
  });
});
