import { describe, expect, it } from 'vitest';
import { createAlmanac } from '../../src/index.ts';
import { readCorpusFile } from '../../src/index-format/corpus-file.ts';
import { mergeSegments } from '../../src/index-format/merge.ts';
import { checkShardsManifest, readFragment, readTermShard, shardOf, writeShardedIndex } from '../../src/index-format/term-shards.ts';
import { openShardedIndex } from '../../src/storage/sharded-index.ts';
import { fetchOver } from './fetch-over.ts';
import type { Almanac, DocumentInput } from '../../src/types.ts';

function corpus(): DocumentInput[] {
  const docs: DocumentInput[] = [];
  const towns = ['Arden', 'Belmont', 'Carver', 'Dunmore', 'Elston', 'Fairholt', 'Glenrock'];
  for (let i = 0; i < 120; i++) {
    docs.push({
      id: `p${i}.md`, name: `p${i}.md`,
      content: `# Person ${i}\n\nPerson ${i} was mayor of ${towns[i % 7]} from ${1900 + i} to ${1905 + i}. They bred horses${i % 3 ? '' : ' and goats'} near the river ${i % 11 === 0 ? 'Quillon' : 'Tay'}.`,
    });
  }
  docs.push({ id: 'rates.csv', name: 'rates.csv', content: 'currency,2013,2014\nEuro,1.3,1.2\nMexican peso,11.2,12.9\n' });
  return docs;
}

async function built(): Promise<{ full: Almanac; files: Map<string, Uint8Array>; manifest: ReturnType<typeof writeShardedIndex>['manifest'] }> {
  const full = await createAlmanac();
  await full.ingest(corpus());
  const { manifest, files } = writeShardedIndex(mergeSegments(readCorpusFile(await full.exportCorpus()).segments), { shardBytes: 256, fragmentChars: 300 });
  const map = new Map(files.map((f) => [f.name, f.bytes]));
  map.set('index.json', new TextEncoder().encode(JSON.stringify(manifest)));
  return { full, files: map, manifest };
}

describe('term-sharded index', () => {
  it('gives a document the impact of its best passage, not the sum over its passages', async () => {
    // A long page naming the term once in each of many sections, and a short note naming it twice.
    const sections = Array.from({ length: 30 }, (_, i) => `## Part ${i}\n\nThe harbour ledger of year ${1800 + i} lists cargo, tolls and one zephyr crossing among the many ships recorded that season.`).join('\n\n');
    const almanac = await createAlmanac();
    await almanac.ingest([
      { id: 'long.md', name: 'long.md', content: `# Ledger\n\n${sections}` },
      { id: 'note.md', name: 'note.md', content: '# Note\n\nA zephyr, the zephyr of spring.' },
    ]);
    const { manifest, files } = writeShardedIndex(mergeSegments(readCorpusFile(await almanac.exportCorpus()).segments), {});
    const m = checkShardsManifest(manifest);
    const zephyr = readTermShard(files.find((f) => f.name === `terms/${shardOf(m, 'zephyr')}.bin`)!.bytes, m.contentHash).get('zephyr')!;
    expect([...zephyr.docs]).toEqual([0, 1]);
    // Summed over its 30 sections the ledger would outrank the note; by its best section it does not.
    expect(zephyr.impacts[0]!).toBeLessThan(zephyr.impacts[1]!);
    await almanac.close();
  });

  it('splits postings by term range and documents into fragments, every file checked', async () => {
    const { manifest, files } = await built();
    const m = checkShardsManifest(JSON.parse(new TextDecoder().decode(files.get('index.json'))));
    expect(m.counts.documents).toBe(121);
    expect(m.counts.termShards).toBeGreaterThan(3);
    expect(m.fragmentStarts.at(-1)).toBe(121);
    const shard = readTermShard(files.get(`terms/${shardOf(m, 'quillon')}.bin`)!, m.contentHash);
    // "Quillon" is in every 11th person's page: 11 documents, 11 passages.
    expect(shard.get('quillon')).toMatchObject({ df: 11, passageDf: [11, 0] });
    const docs = [...shard.get('quillon')!.docs];
    expect(docs).toEqual([0, 11, 22, 33, 44, 55, 66, 77, 88, 99, 110]);
    const fragment = readFragment(files.get('docs/0.bin')!, manifest.contentHash);
    expect(fragment.records[0]!.document.id).toBe('p0.md');
    // Another build's file, or a damaged one, is refused.
    expect(() => readTermShard(files.get('terms/0.bin')!, '0000000000000000')).toThrow(expect.objectContaining({ code: 'INDEX_CORRUPT' }));
    const damaged = files.get('terms/1.bin')!.slice();
    damaged[damaged.length - 2] = damaged[damaged.length - 2]! ^ 0xff;
    expect(() => readTermShard(damaged, m.contentHash)).toThrow(expect.objectContaining({ code: 'INDEX_CORRUPT' }));
    expect(() => readFragment(files.get('docs/0.bin')!.subarray(0, 40), m.contentHash)).toThrow(expect.objectContaining({ code: 'INDEX_CORRUPT' }));
    expect(() => checkShardsManifest({ ...manifest, version: 9 })).toThrow(expect.objectContaining({ code: 'INDEX_TOO_NEW' }));
    expect(() => checkShardsManifest({ ...manifest, fragmentSizes: 'AQ==' })).toThrow(expect.objectContaining({ code: 'INDEX_CORRUPT' }));
  });

  it('answers a query fetching only its terms\' shards and its candidates\' fragments, scoring passages as the whole index does', async () => {
    const { full, files, manifest } = await built();
    const log: string[] = [];
    const lazy = await openShardedIndex('http://site.test/idx/index.json', { fetch: fetchOver(files, log) });
    const res = await lazy.search('horses Quillon goats', { limit: 3 });
    const whole = await full.search('horses Quillon goats', { limit: 3 });
    expect(res.results.map((r) => r.passage.docId)).toEqual(whole.results.map((r) => r.passage.docId));
    // Global statistics: the same BM25 scores, not those of the few documents fetched.
    expect(res.results.map((r) => r.score.toFixed(6))).toEqual(whole.results.map((r) => r.score.toFixed(6)));
    const fetchedDocs = log.filter((f) => f.startsWith('docs/')).length;
    expect(fetchedDocs).toBeLessThan(manifest.counts.fragments / 2);
    expect(log.filter((f) => f.startsWith('terms/')).length).toBeLessThanOrEqual(3);
    // Asked again: nothing new fetched.
    const before = log.length;
    await lazy.search('horses Quillon goats');
    expect(log.length).toBe(before);
    expect((await lazy.answer('Mexican peso in 2014')).answer).toMatchObject({ kind: 'cell', value: 12.9 });
    expect(lazy.bytesFetched).toBeGreaterThan(0);
    expect((await lazy.stats()).documents).toBe(121);
  });

  it('leaves exact copies out of the postings, so that candidates are distinct documents', async () => {
    const full = await createAlmanac();
    const docs = corpus();
    // Every 11th page again under another id: same title and text, so the same scores.
    // Each copy right after its page, so that without collapsing, equal scores would rank the page then its copy.
    await full.ingest(docs.flatMap((d, i) => (i % 11 === 0 && i < 120 ? [d, { ...d, id: `copy/${d.id}` }] : [d])));
    const bytes = await full.exportCorpus();
    const collapsed = writeShardedIndex(mergeSegments(readCorpusFile(bytes).segments), { shardBytes: 256, fragmentChars: 300 });
    const kept = writeShardedIndex(mergeSegments(readCorpusFile(bytes).segments), { shardBytes: 256, fragmentChars: 300, collapseDuplicates: false });
    const postings = (built: typeof kept) => {
      const files = new Map(built.files.map((f) => [f.name, f.bytes]));
      return readTermShard(files.get(`terms/${shardOf(built.manifest, 'quillon')}.bin`)!, built.manifest.contentHash).get('quillon')!;
    };
    // The collection's counts still see the copies; the postings hold one of each.
    expect(postings(kept)).toMatchObject({ df: 22 });
    expect(postings(kept).docs.length).toBe(22);
    expect(postings(collapsed)).toMatchObject({ df: 22, passageDf: postings(kept).passageDf });
    expect(postings(collapsed).docs.length).toBe(11);
    // Two candidates for "Quillon": two different pages once copies are collapsed, a page and its copy otherwise.
    const pagesFetched = async (build: typeof kept) => {
      const files = new Map(build.files.map((f) => [f.name, f.bytes]));
      files.set('index.json', new TextEncoder().encode(JSON.stringify(build.manifest)));
      const lazy = await openShardedIndex('http://site.test/idx/index.json', { fetch: fetchOver(files), candidates: 2 });
      await lazy.search('Quillon', { limit: 2 });
      const ids = (await lazy.documents()).map((d) => d.id);
      await lazy.close();
      return new Set(ids.filter((id) => ['p0.md', 'p11.md', 'p22.md'].includes(id.replace(/^copy\//, ''))).map((id) => id.replace(/^copy\//, ''))).size;
    };
    expect(await pagesFetched(kept)).toBe(1);
    expect(await pagesFetched(collapsed)).toBe(2);
    await full.close();
  });
});
