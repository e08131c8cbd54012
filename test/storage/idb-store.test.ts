import { describe, expect, it } from 'vitest';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openIdbStore } from '../../src/storage/idb-store.ts';
import { AlmanacError } from '../../src/errors.ts';
import type { DocumentRecord } from '../../src/storage/store.ts';
import { prepareDocument } from '../../src/engine/prepare.ts';

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

describe('openIdbStore', () => {
  it('round-trips documents, passages (text passages rebuilt from the document) and binary vectors', async () => {
    const factory = new IDBFactory();
    const store = await openIdbStore('t1', factory);
    await store.put([record('a', 'Hello world, this is a.', true), record('b', 'Other text here.')], 'emb-1');
    await store.close();

    const reopened = await openIdbStore('t1', factory);
    const { records, embedderId } = await reopened.load();
    expect(embedderId).toBe('emb-1');
    expect(records.map((r) => r.document.id).sort()).toEqual(['a', 'b']);
    const a = records.find((r) => r.document.id === 'a')!;
    expect(a.passages.map((p) => p.text)).toEqual(['Hello', 'a table summary']);
    const v = a.vectors!.get('a#0')!;
    expect(v).toBeInstanceOf(Float32Array);
    expect([...v]).toEqual([0.5, 0.25]);
  });

  it('replaces a document with the same id, dropping its old passages', async () => {
    const store = await openIdbStore('t2', new IDBFactory());
    await store.put([record('a', 'First version.')]);
    const next = record('a', 'Second version.');
    next.passages = next.passages.slice(0, 1);
    await store.put([next]);
    const { records } = await store.load();
    expect(records).toHaveLength(1);
    expect(records[0]!.passages).toHaveLength(1);
    expect(records[0]!.document.text).toBe('Second version.');
  });

  it('deletes and clears', async () => {
    const store = await openIdbStore('t3', new IDBFactory());
    await store.put([record('a', 'Aaaaa aaa.', true), record('b', 'Bbbbb bbb.')]);
    await store.delete(['a']);
    expect((await store.load()).records.map((r) => r.document.id)).toEqual(['b']);
    await store.clear();
    expect((await store.load()).records).toEqual([]);
  });

  it('writes a batch atomically: a failing record leaves none of the batch behind', async () => {
    const store = await openIdbStore('t4', new IDBFactory());
    const bad = record('bad', 'Bad one.');
    (bad.passages[0] as unknown as { broken: unknown }).broken = () => 1; // functions cannot be cloned
    await expect(store.put([record('good', 'Good one.'), bad])).rejects.toBeInstanceOf(AlmanacError);
    expect((await store.load()).records).toEqual([]);
  });

  it('refuses a database written by a newer schema, saying what to do', async () => {
    const factory = new IDBFactory();
    await new Promise<void>((resolve) => {
      const req = factory.open('t5', 99);
      req.onsuccess = () => { req.result.close(); resolve(); };
    });
    await expect(openIdbStore('t5', factory)).rejects.toMatchObject({ code: 'SCHEMA_TOO_NEW' });
  });

  it('estimates stored bytes with text stored once', async () => {
    const store = await openIdbStore('t6', new IDBFactory());
    const text = 'x'.repeat(10_000);
    await store.put([record('a', text)]);
    const bytes = await store.estimateBytes();
    expect(bytes).toBeGreaterThan(10_000);
    expect(bytes).toBeLessThan(12_000);
  });

  it('restores prepared passages exactly: timestamps, table cells, headings, kinds', async () => {
    const factory = new IDBFactory();
    const store = await openIdbStore('t7', factory);
    const html = '<h1>Rates</h1><p>Since 2015 the bank has published rates. From 1990 to 1993 it did not.</p>'
      + '<table><caption>Rates</caption><tr><th></th><th colspan="2">2013</th></tr><tr><th></th><th>Buy</th><th>Sell</th></tr>'
      + '<tr><th>Euro</th><td>1.3</td><td>1.4</td></tr></table>';
    const prepared = await prepareDocument({ id: 'r', name: 'rates.html', content: html });
    const vectors = new Map(prepared.passages.map((p, i) => [p.id, new Float32Array([i, i + 0.5])]));
    await store.put([{ document: prepared.document, passages: prepared.passages, vectors }], 'emb');
    await store.close();
    const { records } = await (await openIdbStore('t7', factory)).load();
    expect(records[0]!.document).toEqual(prepared.document);
    expect(records[0]!.passages).toEqual(prepared.passages);
    expect(records[0]!.vectors).toEqual(vectors);
    expect(prepared.passages.some((p) => p.sentences.some((s) => s.times.some((t) => t.open)))).toBe(true);
  });
});
