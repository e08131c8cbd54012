import { describe, expect, it } from 'vitest';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openIdbStore } from '../../src/storage/idb-store.ts';
import type { DocumentRecord } from '../../src/storage/store.ts';
import { prepareDocument } from '../../src/engine/prepare.ts';
import { analyseSegment } from '../../src/engine/segments.ts';
import { openDerived } from '../../src/engine/table-passages.ts';
import { toStoredDocument, toStoredPassage, toStoredVectors } from '../../src/storage/schema.ts';

function record(id: string, text: string, withVector = false): DocumentRecord {
  return {
    document: { id, name: `${id}.txt`, format: 'text', title: id, text, tables: [], addedAt: 1, rawLength: text.length },
    passages: [
      { id: `${id}#0`, docId: id, ordinal: 0, kind: 'text', text: text.slice(0, 5), start: 0, end: 5, sentences: [{ start: 0, end: 5, times: [] }] },
      { id: `${id}#1`, docId: id, ordinal: 1, kind: 'table', text: 'a table summary', start: 5, end: text.length, tableIndex: 0, sentences: [] },
    ],
    ...(withVector ? { vectors: new Map([[`${id}#0`, new Float32Array([0.5, 0.25])]]) } : {}),
  };
}

const segment = (...records: DocumentRecord[]) => analyseSegment(records, records.some((r) => r.vectors) ? 'emb-1' : undefined);
const ids = (loaded: Awaited<ReturnType<Awaited<ReturnType<typeof openIdbStore>>['load']>>) => loaded.segments.flatMap((s) => s.records.map((r) => r.document.id));

describe('openIdbStore', () => {
  it('round-trips documents, passages (text passages rebuilt from the document), postings and binary vectors', async () => {
    const factory = new IDBFactory();
    const store = await openIdbStore('t1', factory);
    const written = segment(record('a', 'Hello world, this is a.', true), record('b', 'Other text here.'));
    await store.put(written, 'emb-1');
    await store.close();

    const reopened = await openIdbStore('t1', factory);
    const { segments, embedderId } = await reopened.load();
    expect(embedderId).toBe('emb-1');
    expect(segments).toHaveLength(1);
    expect(segments[0]!.lexical).toEqual(written.lexical);
    const a = segments[0]!.records.find((r) => r.document.id === 'a')!;
    expect(a.passages.map((p) => p.text)).toEqual(['Hello', 'a table summary']);
    const v = a.vectors!.get('a#0')!;
    expect(v).toBeInstanceOf(Float32Array);
    expect([...v]).toEqual([0.5, 0.25]);
  });

  it('replaces a document with the same id, dropping its old passages', async () => {
    const store = await openIdbStore('t2', new IDBFactory());
    await store.put(segment(record('a', 'First version.'), record('b', 'Stays.')));
    const next = record('a', 'Second version.');
    next.passages = next.passages.slice(0, 1);
    await store.put(segment(next));
    const loaded = await store.load();
    expect(ids(loaded)).toEqual(['b', 'a']);
    const a = loaded.segments[1]!.records[0]!;
    expect(a.passages).toHaveLength(1);
    expect(a.document.text).toBe('Second version.');
    // The first segment's postings no longer hold the replaced document's passages.
    expect(loaded.segments[0]!.lexical.passages).toBe(2);
    expect(loaded.segments[0]!.lexical.fields[0]!.terms).not.toContain('first');
  });

  it('deletes and clears', async () => {
    const store = await openIdbStore('t3', new IDBFactory());
    await store.put(segment(record('a', 'Aaaaa aaa.', true), record('b', 'Bbbbb bbb.')));
    await store.delete(['a']);
    expect(ids(await store.load())).toEqual(['b']);
    await store.delete(['b']);
    expect(await store.estimateBytes()).toBe(0);
    await store.put(segment(record('c', 'Ccccc ccc.')));
    await store.clear();
    expect((await store.load()).segments).toEqual([]);
  });

  it('compacts small segments into one, in order, without the documents removed', async () => {
    const factory = new IDBFactory();
    const store = await openIdbStore('t4', factory);
    // A run of 16 segments or more of one size merges (MERGE_FACTOR).
    for (let i = 0; i < 20; i++) await store.put(segment(record(`d${i}`, `Document number ${i} here.`)));
    await store.delete(['d3']);
    await store.put(segment(record('d5', 'Document five again.')));
    const before = await store.load();
    await store.compact();
    const after = await (await openIdbStore('t4', factory)).load();
    expect(after.segments.length).toBeLessThan(before.segments.length);
    expect(after.segments).toHaveLength(1);
    expect(ids(after)).toEqual(ids(before));
    expect(ids(after)).toEqual(['d0', 'd1', 'd2', 'd4', 'd6', 'd7', 'd8', 'd9', 'd10', 'd11', 'd12', 'd13', 'd14', 'd15', 'd16', 'd17', 'd18', 'd19', 'd5']);
    const merged = after.segments.flatMap((s) => s.records);
    expect(merged.find((r) => r.document.id === 'd5')!.document.text).toBe('Document five again.');
  });

  it('replaces everything in one transaction', async () => {
    const store = await openIdbStore('t5', new IDBFactory());
    await store.put(segment(record('a', 'Aaaaa aaa.')));
    await store.replace([segment(record('x', 'Xxxxx.')), segment(record('y', 'Yyyyy.'))], 'emb-2');
    const loaded = await store.load();
    expect(ids(loaded)).toEqual(['x', 'y']);
    expect(loaded.embedderId).toBe('emb-2');
  });

  it('refuses a database written by a newer schema, saying what to do', async () => {
    const factory = new IDBFactory();
    await new Promise<void>((resolve) => {
      const req = factory.open('t6', 99);
      req.onsuccess = () => { req.result.close(); resolve(); };
    });
    await expect(openIdbStore('t6', factory)).rejects.toMatchObject({ code: 'SCHEMA_TOO_NEW' });
  });

  it('reports a damaged stored segment as INDEX_CORRUPT', async () => {
    const factory = new IDBFactory();
    const store = await openIdbStore('t7', factory);
    await store.put(segment(record('a', 'Aaaaa aaa.')));
    await store.close();
    await new Promise<void>((resolve, reject) => {
      const req = factory.open('t7');
      req.onsuccess = () => {
        const tx = req.result.transaction('segments', 'readwrite');
        const get = tx.objectStore('segments').get(1);
        get.onsuccess = () => {
          const value = get.result as { id: number; bytes: Uint8Array };
          value.bytes[value.bytes.length - 3]! ^= 0xff;
          tx.objectStore('segments').put(value);
        };
        tx.oncomplete = () => { req.result.close(); resolve(); };
        tx.onerror = () => reject(tx.error);
      };
    });
    await expect((await openIdbStore('t7', factory)).load()).rejects.toMatchObject({ code: 'INDEX_CORRUPT' });
  });

  it('estimates stored bytes with text stored once', async () => {
    const store = await openIdbStore('t8', new IDBFactory());
    const text = 'x'.repeat(10_000);
    await store.put(segment(record('a', text)));
    const bytes = await store.estimateBytes();
    expect(bytes).toBeGreaterThan(10_000);
    expect(bytes).toBeLessThan(11_000);
  });

  it('restores prepared passages exactly: timestamps, table cells, headings, kinds', async () => {
    const factory = new IDBFactory();
    const store = await openIdbStore('t9', factory);
    const html = '<h1>Rates</h1><p>Since 2015 the bank has published rates. From 1990 to 1993 it did not.</p>'
      + '<table><caption>Rates</caption><tr><th></th><th colspan="2">2013</th></tr><tr><th></th><th>Buy</th><th>Sell</th></tr>'
      + '<tr><th>Euro</th><td>1.3</td><td>1.4</td></tr></table>';
    const prepared = await prepareDocument({ id: 'r', name: 'rates.html', content: html });
    const vectors = new Map(prepared.passages.map((p, i) => [p.id, new Float32Array([i, i + 0.5])]));
    await store.put(segment({ document: prepared.document, passages: prepared.passages, vectors }), 'emb');
    await store.close();
    const { segments } = await (await openIdbStore('t9', factory)).load();
    const back = segments[0]!.records[0]!;
    expect(back.document).toEqual(prepared.document);
    // A row's or a column's summary is stored without its text: its table writes it again, as the engine does on opening.
    expect(openDerived([back])).toEqual([]);
    expect(back.passages).toEqual(prepared.passages);
    expect(back.vectors).toEqual(vectors);
    expect(prepared.passages.some((p) => p.sentences.some((s) => s.times.some((t) => t.open)))).toBe(true);
  });

  it('reads a corpus of the per-document layout (schema v1) for migration', async () => {
    const factory = new IDBFactory();
    const r = record('old', 'Written by an older Almanac.', true);
    await new Promise<void>((resolve) => {
      const req = factory.open('t10', 1);
      req.onupgradeneeded = () => {
        const db = req.result;
        db.createObjectStore('documents', { keyPath: 'id' });
        db.createObjectStore('passages', { keyPath: 'docId' });
        db.createObjectStore('vectors', { keyPath: 'docId' });
        db.createObjectStore('meta');
      };
      req.onsuccess = () => {
        const tx = req.result.transaction(['documents', 'passages', 'vectors', 'meta'], 'readwrite');
        tx.objectStore('documents').put(toStoredDocument(r.document));
        tx.objectStore('passages').put({ docId: 'old', passages: r.passages.map((p) => toStoredPassage(p, r.document)) });
        tx.objectStore('vectors').put(toStoredVectors('old', r.passages, r.vectors!)!);
        tx.objectStore('meta').put('emb-1', 'embedderId');
        tx.oncomplete = () => { req.result.close(); resolve(); };
      };
    });
    const store = await openIdbStore('t10', factory);
    const loaded = await store.load();
    expect(loaded.segments).toEqual([]);
    expect(loaded.legacy?.map((x) => x.document)).toEqual([r.document]);
    // v1 stored a missing heading as the document's title.
    expect(loaded.legacy?.[0]!.passages).toEqual(r.passages.map((p) => ({ ...p, heading: r.document.title })));
    expect(loaded.legacy?.[0]!.vectors).toEqual(r.vectors);
    await store.replace([segment(...loaded.legacy!)], loaded.embedderId);
    const again = await store.load();
    expect(again.legacy).toBeUndefined();
    expect(ids(again)).toEqual(['old']);
  });
});
