import { describe, expect, it } from 'vitest';
import { createAlmanac, openSiteIndex, type Progress } from '../../src/index.ts';
import { readCorpusFile } from '../../src/index-format/corpus-file.ts';
import { mergeSegments } from '../../src/index-format/merge.ts';
import { checkShardsManifest, fileOf, readTimeShard, writeShardedIndex } from '../../src/index-format/term-shards.ts';
import { chooseByTime, documentTemporal } from '../../src/index-format/time-candidates.ts';
import { decodeTimes, documentTimes, encodeTimes } from '../../src/index-format/time-shards.ts';
import { openShardedIndex } from '../../src/storage/sharded-index.ts';
import { parseQuestion } from '../../src/temporal/constraint.ts';
import { temporalScore } from '../../src/temporal/curves.ts';
import { fetchOver } from './fetch-over.ts';
import type { DocumentInput } from '../../src/types.ts';

/** Mayors of a few towns, each in office over other years; some pages undated. */
function corpus(): DocumentInput[] {
  const towns = ['Arden', 'Belmont', 'Carver', 'Dunmore'];
  const docs: DocumentInput[] = [];
  for (let i = 0; i < 60; i++) {
    const town = towns[i % 4]!;
    docs.push({
      id: `m${i}.md`, name: `m${i}.md`,
      content: i % 5 === 4
        ? `# ${town} notes ${i}\n\nThe mayor of ${town} keeps horses near the river. Nobody recalls when.`
        : `# Mayor ${i}\n\nPerson ${i} was elected mayor of ${town} in ${1900 + 2 * i}. They served until ${1903 + 2 * i}, then moved away.`,
    });
  }
  return docs;
}

async function build(sizes = { shardBytes: 256, fragmentChars: 200, timeBytes: 64 }) {
  const full = await createAlmanac();
  await full.ingest(corpus());
  const segment = mergeSegments(readCorpusFile(await full.exportCorpus()).segments);
  const { manifest, files } = writeShardedIndex(segment, sizes);
  const map = new Map(files.map((f) => [f.name, f.bytes]));
  map.set('index.json', new TextEncoder().encode(JSON.stringify(manifest)));
  return { full, segment, manifest, files: map };
}

describe('time shards', () => {
  it('round-trip each document\'s dated evidence, scoring as the sentences themselves do', async () => {
    const { segment, manifest, files } = await build();
    const decoded = decodeTimes(encodeTimes(segment.records));
    expect(decoded).toEqual(segment.records.map(documentTimes));
    const m = checkShardsManifest(manifest);
    expect(m.counts.timeShards).toBeGreaterThan(3);
    expect(m.timeStarts.at(-1)).toBe(segment.records.length);
    // Read back through the files: the same evidence, and the same time scores as the passages' sentences.
    const constraint = parseQuestion('Who was mayor of Carver in 1921?').constraint!;
    for (let d = 0; d < segment.records.length; d++) {
      const f = fileOf(m.timeStarts, d);
      const times = readTimeShard(files.get(`times/${f}.bin`)!, m.contentHash)[d - m.timeStarts[f]!]!;
      expect(times).toEqual(decoded[d]);
      const sentences = segment.records[d]!.passages.flatMap((p) => p.sentences);
      const dated = sentences.filter((s) => s.times.length || s.intervals?.length);
      expect(times.sentences.length).toBe(dated.length);
      expect(times.undated).toBe(dated.length < sentences.length);
      // Whole years are whole days: the estimate equals the reranker's score on the original sentences.
      if (dated.length) expect(documentTemporal(constraint, times)).toBeGreaterThanOrEqual(Math.max(...dated.map((s) => temporalScore(constraint, s.times, s.intervals))) - 1e-12);
    }
  });

  it('refuses a damaged or truncated time shard, another build\'s, and a manifest of another version (typed errors)', async () => {
    const { manifest, files } = await build();
    const good = files.get('times/0.bin')!;
    const damaged = good.slice();
    damaged[damaged.length - 1] = damaged[damaged.length - 1]! ^ 0x55;
    expect(() => readTimeShard(damaged, manifest.contentHash)).toThrow(expect.objectContaining({ code: 'INDEX_CORRUPT' }));
    expect(() => readTimeShard(good.subarray(0, 20), manifest.contentHash)).toThrow(expect.objectContaining({ code: 'INDEX_CORRUPT' }));
    expect(() => readTimeShard(good, '0000000000000000')).toThrow(expect.objectContaining({ code: 'INDEX_CORRUPT' }));
    expect(() => readTimeShard(files.get('terms/0.bin')!, manifest.contentHash)).toThrow(expect.objectContaining({ code: 'INDEX_CORRUPT' }));
    expect(() => decodeTimes(new Uint8Array([2, 0xff, 0xff, 0xff]))).toThrow();
    expect(() => checkShardsManifest({ ...manifest, version: 1 })).toThrow(expect.objectContaining({ code: 'INDEX_TOO_OLD' }));
    expect(() => checkShardsManifest({ ...manifest, version: 3 })).toThrow(expect.objectContaining({ code: 'INDEX_TOO_NEW' }));
    expect(() => checkShardsManifest({ ...manifest, timeSizes: 'AQ==' })).toThrow(expect.objectContaining({ code: 'INDEX_CORRUPT' }));
    const { timeSizes: _, ...noTimes } = manifest;
    expect(() => checkShardsManifest(noTimes)).toThrow(expect.objectContaining({ code: 'INDEX_CORRUPT' }));
    // A sharded reader handed an old manifest says so before fetching anything.
    await expect(openShardedIndex('http://site.test/idx/index.json', { manifest: { ...manifest, version: 1 }, fetch: fetchOver(files) })).rejects.toMatchObject({ code: 'INDEX_TOO_OLD' });
  });

  it('chooses candidates on time from a pool: the leaders first, then the estimate', () => {
    const constraint = parseQuestion('mayor in 1950').constraint!;
    const year = (y: number) => ({ start: Date.UTC(y, 0, 1), end: Date.UTC(y + 1, 0, 1), granularity: 'year' as const, from: 0, to: 4 });
    const times = [
      { sentences: [{ times: [year(1900)] }], undated: false },
      { sentences: [{ times: [year(1950)] }], undated: false },
      { sentences: [], undated: true },
      { sentences: [{ times: [year(1950)] }], undated: true },
    ];
    const pool = [
      { doc: 0, score: 10, mainScore: 5 },
      { doc: 1, score: 6, mainScore: 5 },
      { doc: 2, score: 9, mainScore: 5 },
      { doc: 3, score: 5, mainScore: 1 },
    ];
    // Doc 1 (right year, same relevance) beats 2 (undated) and 0 (wrong year); the leader stays.
    expect(chooseByTime(pool, constraint, (d) => times[d], 2, 1)).toEqual([0, 1]);
    expect(chooseByTime(pool, constraint, (d) => times[d], 2, 0)).toEqual([1, 2]);
    // A pool that fits is fetched whole.
    expect(chooseByTime(pool, constraint, (d) => times[d], 4, 0)).toEqual([0, 1, 2, 3]);
  });

  it('ranks a dated question as the whole index does when the pool holds every candidate, fetching the text of few', async () => {
    const { full, files, manifest } = await build();
    const questions = ['Who was mayor of Carver in 1921?', 'Who was elected mayor of Belmont after 1950?', 'mayor of Dunmore before 1930'];
    const log: string[] = [];
    // Every candidate fits: the same results as the whole index.
    const all = await openShardedIndex('http://site.test/idx/index.json', { fetch: fetchOver(files), candidates: 1000 });
    for (const q of questions) {
      const [a, b] = [await all.search(q, { limit: 10 }), await full.search(q, { limit: 10 })];
      // The same scores; the same passages and snippets wherever a score is not tied (ties may come in either order).
      expect(a.results.map((r) => r.score.toFixed(9))).toEqual(b.results.map((r) => r.score.toFixed(9)));
      const tied = (i: number) => b.results.some((r, j) => j !== i && r.score === b.results[i]!.score);
      const untied = b.results.map((_, i) => i).filter((i) => !tied(i));
      expect(untied.length).toBeGreaterThan(0);
      expect(untied.map((i) => [a.results[i]!.passage.id, a.results[i]!.passage.text, a.results[i]!.highlights])).toEqual(untied.map((i) => [b.results[i]!.passage.id, b.results[i]!.passage.text, b.results[i]!.highlights]));
    }
    // A pool ranked on time, text fetched for 4: the whole index's first result, from real passages.
    const lazy = await openShardedIndex('http://site.test/idx/index.json', { fetch: fetchOver(files, log), candidates: 4, pool: 100, leaders: 1 });
    const q = questions[0]!;
    const [mine, theirs] = [await lazy.search(q, { limit: 3 }), await full.search(q, { limit: 3 })];
    expect(mine.results[0]!.passage.id).toBe(theirs.results[0]!.passage.id);
    expect(mine.results[0]!.highlights).toEqual(theirs.results[0]!.highlights);
    expect(log.some((f) => f.startsWith('times/'))).toBe(true);
    expect(log.filter((f) => f.startsWith('docs/')).length).toBeLessThanOrEqual(4);
    expect(log.filter((f) => f.startsWith('docs/')).length).toBeLessThan(manifest.counts.fragments / 3);
    // Without the pool, the first stage alone picks, and no time shard is read.
    const plain: string[] = [];
    const firstStage = await openShardedIndex('http://site.test/idx/index.json', { fetch: fetchOver(files, plain), candidates: 4, pool: 0 });
    await firstStage.search(q, { limit: 3 });
    expect(plain.some((f) => f.startsWith('times/'))).toBe(false);
    await Promise.all([all.close(), lazy.close(), firstStage.close(), full.close()]);
  });

  it('prefetches every file of the index with progress, and stops on its signal (ABORTED)', async () => {
    const { files, manifest, full } = await build();
    const log: string[] = [];
    const lazy = await openShardedIndex('http://site.test/idx/index.json', { fetch: fetchOver(files, log), manifest });
    const total = manifest.counts.termShards + manifest.counts.fragments + manifest.counts.timeShards;
    const stopped = new AbortController();
    stopped.abort();
    await expect(lazy.prefetch({ signal: stopped.signal })).rejects.toMatchObject({ code: 'ABORTED' });
    const progress: number[] = [];
    const report = await lazy.prefetch({ onProgress: (done, all) => { expect(all).toBe(total); progress.push(done); } });
    // Node has no Cache Storage: every file is fetched and checked, none kept.
    expect(report).toMatchObject({ files: total, fetched: total, cached: false });
    expect(report.bytes).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(total);
    expect(new Set(log).size).toBe(total);
    await Promise.all([lazy.close(), full.close()]);
  });

  it('opens a sharded site from the package entry, prefetching in the background with progress and a signal', async () => {
    const { files, manifest, full } = await build();
    const total = manifest.counts.termShards + manifest.counts.fragments + manifest.counts.timeShards;
    const progress: Progress[] = [];
    const site = await openSiteIndex('http://site.test/idx/index.json', { fetch: fetchOver(files), cache: false, prefetch: true, onProgress: (p) => progress.push(p) });
    if (!('sharded' in site)) throw new Error('a sharded build opened as a whole index');
    expect(await site.prefetched).toMatchObject({ files: total, fetched: total });
    expect(progress.every((p) => p.phase === 'prefetch' && p.total === total)).toBe(true);
    expect(progress.map((p) => p.done)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect((await site.sharded.search('mayor of Carver 1921', { limit: 1 })).results.length).toBe(1);
    // Without prefetch nothing runs in the background; a signal stops one that does.
    const plain = await openSiteIndex('http://site.test/idx/index.json', { fetch: fetchOver(files), cache: false });
    expect('sharded' in plain && !('prefetched' in plain)).toBe(true);
    const stop = new AbortController();
    const stopped = await openSiteIndex('http://site.test/idx/index.json', { fetch: fetchOver(files), cache: false, prefetch: true, signal: stop.signal });
    stop.abort();
    if (!('sharded' in stopped)) throw new Error('a sharded build opened as a whole index');
    await expect(stopped.prefetched).rejects.toMatchObject({ code: 'ABORTED' });
    await Promise.all([site.sharded.close(), stopped.sharded.close(), 'sharded' in plain ? plain.sharded.close() : undefined, full.close()]);
  });
});
