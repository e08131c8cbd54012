import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAlmanac } from '../../src/index.ts';
import { openFileStore } from '../../src/storage/file-store.ts';
import { openPrebuiltStore } from '../../src/storage/prebuilt-store.ts';

/** A fetch over a folder, as a static host answers (404 for what is not there). */
function folderFetch(dir: string, fetched: string[] = []): typeof fetch {
  return (async (input: string | URL | Request) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    fetched.push(url.pathname);
    const file = path.join(dir, url.pathname);
    if (!fs.existsSync(file)) return new Response('not found', { status: 404 });
    return new Response(fs.readFileSync(file));
  }) as typeof fetch;
}

async function built(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'almanac-prebuilt-'));
  const store = await openFileStore(path.join(dir, 'almanac'));
  const a = await createAlmanac({ storage: { store } });
  await a.ingest([
    { id: 'a.md', name: 'a.md', content: '# Comets\n\nHalley\'s comet returned in 1986 and comes back in 2061.' },
    { id: 'r.csv', name: 'r.csv', content: 'currency,2013\nEuro,1.3\nMexican peso,11.2\n' },
  ]);
  await a.close();
  return dir;
}

describe('prebuilt index over HTTP', () => {
  it('opens an index a file-backed store wrote, fetching the manifest and its segments', async () => {
    const dir = await built();
    const fetched: string[] = [];
    const store = await openPrebuiltStore('http://site.test/almanac/index.json', { fetch: folderFetch(dir, fetched) });
    const almanac = await createAlmanac({ storage: { store } });
    expect(await almanac.stats()).toMatchObject({ documents: 2 });
    expect((await almanac.answer('Mexican peso in 2013')).answer).toMatchObject({ kind: 'cell', value: 11.2 });
    expect(fetched[0]).toBe('/almanac/index.json');
    expect(fetched.slice(1).every((f) => /^\/almanac\/segment-\d+\.bin$/.test(f))).toBe(true);
    expect(store.report).toMatchObject({ fromCache: false, offline: false, contentHash: expect.stringMatching(/^[0-9a-f]{16}$/) });
    // Documents added on top live in memory; the index is not written.
    await almanac.ingest([{ id: 'n.txt', name: 'n.txt', content: 'A note about nebulae.' }]);
    expect((await almanac.search('nebulae')).results[0]?.passage.docId).toBe('n.txt');
  });

  it('rejects a missing, truncated or tampered index with typed errors, and a newer one as too new', async () => {
    const dir = await built();
    const open = () => openPrebuiltStore('http://site.test/almanac/index.json', { fetch: folderFetch(dir) });
    await expect(openPrebuiltStore('http://site.test/elsewhere/index.json', { fetch: folderFetch(dir) })).rejects.toMatchObject({ code: 'INDEX_NOT_FOUND' });
    const manifestFile = path.join(dir, 'almanac', 'index.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    const seg = path.join(dir, 'almanac', manifest.segments[0].file);
    const good = fs.readFileSync(seg);
    fs.writeFileSync(seg, good.subarray(0, good.length - 1));
    await expect(open()).rejects.toMatchObject({ code: 'INDEX_CORRUPT' });
    const tampered = Buffer.from(good);
    tampered[40] = tampered[40]! ^ 1;
    fs.writeFileSync(seg, tampered);
    await expect(open()).rejects.toMatchObject({ code: 'INDEX_CORRUPT' });
    fs.writeFileSync(seg, good);
    fs.writeFileSync(manifestFile, 'not json');
    await expect(open()).rejects.toMatchObject({ code: 'INDEX_CORRUPT' });
    fs.writeFileSync(manifestFile, JSON.stringify({ ...manifest, version: 5 }));
    await expect(open()).rejects.toMatchObject({ code: 'INDEX_TOO_NEW' });
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    await expect(open()).resolves.toBeDefined();
  });
});
