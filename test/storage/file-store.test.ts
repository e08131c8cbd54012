import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAlmanac } from '../../src/index.ts';
import { openFileStore } from '../../src/storage/file-store.ts';
import { readShards } from '../../src/index-format/corpus-file.ts';
import type { Almanac, DocumentInput } from '../../src/types.ts';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'almanac-file-store-'));

/** Prose with dates and tables with headers: what the format has to carry. */
function corpus(n = 30): DocumentInput[] {
  const docs: DocumentInput[] = [];
  for (let i = 0; i < n; i++) {
    docs.push({
      id: `people/${i}.md`, name: `${i}.md`,
      content: `# Person ${i}\n\nPerson ${i} was mayor of Town${i % 7} from ${1900 + i} to ${1905 + i}. In ${1910 + i} they moved to City${i % 5}.\n\n## Later\n\nThey won the Prize${i % 3} in ${1920 + i}.`,
    });
  }
  docs.push({ id: 'rates.csv', name: 'rates.csv', content: 'currency,2013,2014\nEuro,1.3,1.2\nMexican peso,11.2,12.9\nYen,97.6,105.9\n' });
  return docs;
}

const QUESTIONS = ['who was mayor of Town3 in 1910', 'Prize2', 'Mexican peso in 2014', 'where did person 12 move', 'mayor as of 1904', 'Yen 2013'];

async function answers(almanac: Almanac): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const q of QUESTIONS) {
    const res = await almanac.answer(q, { limit: 5 });
    out.push({ results: res.search.results.map((r) => [r.passage.id, r.score.toFixed(6)]), answer: res.answer.text });
  }
  return out;
}

describe('file-backed store', () => {
  it('reopens the corpus from its folder with the same results as a fresh ingest', async () => {
    const dir = tmp();
    const fresh = await createAlmanac();
    await fresh.ingest(corpus());
    const expected = await answers(fresh);

    const store = await openFileStore(dir);
    const writer = await createAlmanac({ storage: { store } });
    await writer.ingest(corpus().slice(0, 10));
    await writer.ingest(corpus().slice(10));
    await writer.close();
    await store.optimize();
    const files = fs.readdirSync(dir).sort();
    expect(files).toEqual(['index.json', expect.stringMatching(/^segment-\d+\.bin$/)]);

    const reader = await createAlmanac({ storage: { store: await openFileStore(dir) } });
    expect(await reader.stats()).toEqual(await fresh.stats());
    expect(await answers(reader)).toEqual(expected);
    expect(expected.some((a) => (a as { answer: string }).answer)).toBe(true);
  });

  it('writes a folder any reader of the index format reads (the manifest names every file)', async () => {
    const dir = tmp();
    const store = await openFileStore(dir);
    const a = await createAlmanac({ storage: { store } });
    await a.ingest(corpus(5));
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8'));
    const segments = readShards(manifest, manifest.segments.map((s: { file: string }) => new Uint8Array(fs.readFileSync(path.join(dir, s.file)))));
    expect(segments.flatMap((s) => s.records.map((r) => r.document.id)).sort()).toEqual(corpus(5).map((d) => d.id).sort());
    expect(manifest.counts).toMatchObject({ documents: 6 });
    expect(manifest.contentHash).toMatch(/^[0-9a-f]{16}$/);
  });

  it('keeps replacements and removals across reopening, and leaves no file the manifest does not name', async () => {
    const dir = tmp();
    const a = await createAlmanac({ storage: { store: await openFileStore(dir) } });
    await a.ingest(corpus(8));
    await a.ingest([{ id: 'people/3.md', name: '3.md', content: '# Person 3\n\nPerson 3 became an astronaut in 1969.' }]);
    await a.remove(['people/5.md', 'rates.csv']);
    await a.close();
    const b = await createAlmanac({ storage: { store: await openFileStore(dir) } });
    const ids = (await b.documents()).map((d) => d.id).sort();
    expect(ids).toEqual(corpus(8).map((d) => d.id).filter((id) => id !== 'people/5.md' && id !== 'rates.csv').sort());
    expect((await b.search('astronaut')).results[0]?.passage.docId).toBe('people/3.md');
    expect((await b.search('mayor of Town3')).results.some((r) => r.passage.docId === 'people/3.md')).toBe(false);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8'));
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.bin')).sort()).toEqual(manifest.segments.map((s: { file: string }) => s.file).sort());
    await b.clear();
    expect(fs.readdirSync(dir)).toEqual(['index.json']);
  });

  it('rejects a truncated or altered segment, a missing file and a damaged manifest with typed errors', async () => {
    const dir = tmp();
    const a = await createAlmanac({ storage: { store: await openFileStore(dir) } });
    await a.ingest(corpus(4));
    await a.close();
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8'));
    const file = path.join(dir, manifest.segments[0].file);
    const good = fs.readFileSync(file);
    const open = () => openFileStore(dir).then((store) => createAlmanac({ storage: { store } }));

    fs.writeFileSync(file, good.subarray(0, good.length - 100));
    await expect(open()).rejects.toMatchObject({ code: 'INDEX_CORRUPT' });
    const altered = Buffer.from(good);
    altered[altered.length >> 1] = altered[altered.length >> 1]! ^ 0xff;
    fs.writeFileSync(file, altered);
    await expect(open()).rejects.toMatchObject({ code: 'INDEX_CORRUPT' });
    fs.rmSync(file);
    await expect(open()).rejects.toMatchObject({ code: 'INDEX_CORRUPT' });
    fs.writeFileSync(file, good);
    await expect(open()).resolves.toBeDefined();

    fs.writeFileSync(path.join(dir, 'index.json'), '{"format":"almanac-corpus","version":');
    await expect(openFileStore(dir)).rejects.toMatchObject({ code: 'INDEX_CORRUPT' });
    fs.writeFileSync(path.join(dir, 'index.json'), JSON.stringify({ ...manifest, version: 99 }));
    await expect(openFileStore(dir)).rejects.toMatchObject({ code: 'INDEX_TOO_NEW' });
    fs.writeFileSync(path.join(dir, 'index.json'), JSON.stringify({ ...manifest, segments: [{ ...manifest.segments[0], file: '../../etc/passwd' }] }));
    await expect(openFileStore(dir)).rejects.toMatchObject({ code: 'INDEX_CORRUPT' });
  });

  it('merges many small writes into few files', async () => {
    const dir = tmp();
    const store = await openFileStore(dir);
    const a = await createAlmanac({ storage: { store } });
    for (let i = 0; i < 12; i++) await a.ingest([corpus(12)[i]!]);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.bin')).length).toBeLessThanOrEqual(4);
    expect((await a.documents()).length).toBe(12);
    await a.close();
    const b = await createAlmanac({ storage: { store: await openFileStore(dir) } });
    expect((await b.documents()).length).toBe(12);
  });
});
