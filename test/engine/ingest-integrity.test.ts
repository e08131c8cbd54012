/**
 * What an ingest promises about ids, batches and failures: unique and stable ids, duplicates
 * refused by name, a failure inside a call leaving memory and storage agreeing, a storage failure
 * reported document by document, and only catalogue codes in the reports.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { createAlmanac } from '../../src/index.ts';
import { documentId } from '../../src/engine/prepare.ts';

describe('document ids', () => {
  it('gives different names different ids, in any script and at any length', () => {
    const long = 'x'.repeat(300);
    const names = ['Отчёт.txt', '报告.txt', 'تقرير.txt', 'a b.txt', 'a-b.txt', 'A-B.txt', `${long}1.txt`, `${long}2.txt`, '🙂.txt', '🙃.txt'];
    const ids = names.map((n) => documentId(n, 'same content'));
    expect(new Set(ids).size).toBe(names.length);
    for (const id of ids) expect(id.length).toBeLessThanOrEqual(200);
  });

  it('is stable: the same name is the same id, and so is one name in two Unicode forms', () => {
    expect(documentId('Café.txt', 'one')).toBe(documentId('Café.txt', 'two'));
    expect(documentId('Cafe\u0301.txt', 'x')).toBe(documentId('Caf\u00e9.txt', 'x'));
    expect(documentId(' notes.md ', 'x')).toBe('notes.md');
  });

  it('names a nameless document by its content', () => {
    expect(documentId(undefined, 'some text')).toBe(documentId(undefined, 'some text'));
    expect(documentId(undefined, 'some text')).not.toBe(documentId(undefined, 'some text!'));
    expect(documentId(undefined, 'some text')).toMatch(/^doc-[0-9a-f]{26}$/);
    expect(documentId(undefined, new TextEncoder().encode('x'))).not.toBe(documentId(undefined, new TextEncoder().encode('y')));
  });

  it('keeps two files whose names differ only in script apart, and finds each by its own words', async () => {
    const almanac = await createAlmanac();
    const reports = await almanac.ingest([
      { name: 'Отчёт.txt', content: 'Apples grow in the northern orchard.' },
      { name: '报告.txt', content: 'Bananas ripen in the southern greenhouse.' },
      { name: 'a b.txt', content: 'Cherries are picked in June.' },
      { name: 'a-b.txt', content: 'Damsons are picked in September.' },
    ]);
    expect(reports.map((r) => r.stored)).toEqual([true, true, true, true]);
    expect((await almanac.stats()).documents).toBe(4);
    const apples = await almanac.search('apples');
    expect(apples.results.map((r) => r.passage.docId)).toEqual(['Отчёт.txt']);
    expect((await almanac.search('damsons')).results[0]!.passage.docId).toBe('a-b.txt');
  });

  it('replaces a file ingested again under its name', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([{ name: 'notes.txt', content: 'The zebra is striped.' }]);
    await almanac.ingest([{ name: 'notes.txt', content: 'The giraffe is tall.' }]);
    expect((await almanac.stats()).documents).toBe(1);
    expect((await almanac.search('zebra')).results).toHaveLength(0);
    expect((await almanac.search('giraffe')).results).toHaveLength(1);
  });
});

describe('duplicates within one call', () => {
  it('refuses the later one by name, keeps the first, and goes on with the rest', async () => {
    const almanac = await createAlmanac();
    const reports = await almanac.ingest([
      { id: 'x', content: 'Apples are red.' },
      { id: 'x', content: 'Bananas are yellow.' },
      { id: 'y', content: 'Cherries are dark.' },
    ]);
    expect(reports.map((r) => r.error?.code)).toEqual([undefined, 'DUPLICATE_ID', undefined]);
    expect(reports.map((r) => r.stored)).toEqual([true, false, true]);
    expect(reports[1]!.error!.message).toMatch(/own id/);
    const apples = await almanac.search('apples');
    expect(apples.results.map((r) => r.passage.text)).toEqual(['Apples are red.']);
    expect((await almanac.search('bananas')).results).toHaveLength(0);
    expect((await almanac.search('cherries')).results).toHaveLength(1);
  });

  it('stores every batch of a large call of same-named files, one of them, and reports each of the others', async () => {
    const factory = new IDBFactory();
    const storage = { indexedDB: { name: 'dups', factory } };
    const almanac = await createAlmanac({ storage });
    const docs = Array.from({ length: 1000 }, (_, i) => ({ name: 'note.txt', content: `Note ${i} about tides.` }));
    docs.push({ name: 'last.txt', content: 'The last note mentions lighthouses.' });
    const reports = await almanac.ingest(docs);
    expect(reports).toHaveLength(1001);
    expect(reports.filter((r) => r.error?.code === 'DUPLICATE_ID')).toHaveLength(999);
    expect(reports.filter((r) => r.stored).map((r) => r.id)).toEqual(['note.txt', 'last.txt']);
    expect((await almanac.search('lighthouses')).results).toHaveLength(1);
    await almanac.close();
    const again = await createAlmanac({ storage });
    expect((await again.documents()).map((d) => d.id).sort()).toEqual(['last.txt', 'note.txt']);
  });
});

describe('invisible documents', () => {
  it('refuses documents of only zero-width characters, NULs or punctuation with a typed error', async () => {
    const almanac = await createAlmanac();
    const reports = await almanac.ingest([
      { name: 'zw.txt', content: '\u200b\u200c\u200d\ufeff\u2060'.repeat(100) },
      { name: 'nul.txt', content: '\u0000'.repeat(50) },
      { name: 'mixed.md', content: '# \u200b\n\n\u200b \u0000 \u00ad' },
      { name: 'marks.txt', content: '?!. ,;'.repeat(10) },
      { name: 'ok.txt', content: '\u200bHidden\u200b word.' },
    ]);
    // A NUL in a text file reads as binary content (BINARY_CONTENT) before emptiness is judged.
    expect(reports.map((r) => r.error?.code)).toEqual(['EMPTY_DOCUMENT', 'BINARY_CONTENT', 'BINARY_CONTENT', 'EMPTY_DOCUMENT', undefined]);
    expect((await almanac.stats()).documents).toBe(1);
  });

  it('refuses malformed inputs with catalogue codes, never a TypeError', async () => {
    const almanac = await createAlmanac();
    const reports = await almanac.ingest([
      null as never,
      { content: 42 } as never,
      { id: '', content: 'x' },
      { name: 7, content: 'x' } as never,
      { name: 'a.txt', content: 'x y z words', date: new Date('nope') },
      { name: 'b.txt', content: 'x y z words', format: 'pdf-or-so' } as never,
    ]);
    expect(reports.every((r) => r.error?.code === 'INVALID_OPTION' && !r.stored)).toBe(true);
  });
});

describe('storage failure mid-call', () => {
  const realPut = IDBObjectStore.prototype.put;
  afterEach(() => {
    IDBObjectStore.prototype.put = realPut;
  });

  it('reports exactly what was stored, keeps the DOMException\'s name, and memory agrees with storage', async () => {
    const factory = new IDBFactory();
    const storage = { indexedDB: { name: 'quota', factory } };
    const almanac = await createAlmanac({ storage });
    const docs = Array.from({ length: 500 }, (_, i) => ({ name: `doc-${i}.txt`, content: `Document ${i} about harbours.` }));
    // The disk fills during the second batch (documents 200-399, one segment): its transaction aborts.
    let segmentPuts = 0;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (this.name === 'segments' && ++segmentPuts > 1) throw new DOMException('', 'QuotaExceededError');
      return realPut.apply(this, args);
    };
    const reports = await almanac.ingest(docs);
    IDBObjectStore.prototype.put = realPut;
    expect(reports).toHaveLength(500);
    expect(reports.slice(0, 200).every((r) => r.stored && !r.error)).toBe(true);
    expect(reports.slice(200).every((r) => !r.stored && r.error?.code === 'STORAGE_FULL')).toBe(true);
    const message = reports[300]!.error!.message;
    expect(message).toContain('QuotaExceededError');
    expect(message).toContain('200 of 500 documents');
    expect(message).toMatch(/Remove documents you no longer need/);
    expect((await almanac.stats()).documents).toBe(200);
    const inMemory = (await almanac.documents()).map((d) => d.id).sort();
    await almanac.close();
    const again = await createAlmanac({ storage });
    expect((await again.documents()).map((d) => d.id).sort()).toEqual(inMemory);
  });

  it('turns a failing remove into a typed error with the cause\'s name', async () => {
    const factory = new IDBFactory();
    const almanac = await createAlmanac({ storage: { indexedDB: { name: 'remove-fail', factory } } });
    await almanac.ingest([{ name: 'a.txt', content: 'Alpha text.' }]);
    const realDelete = IDBObjectStore.prototype.delete;
    IDBObjectStore.prototype.delete = () => { throw new DOMException('disk gone', 'UnknownError'); };
    try {
      const error = await almanac.remove(['a.txt']).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'STORAGE_FAILED', name: 'AlmanacError' });
      expect((error as Error).message).toContain('UnknownError: disk gone');
    } finally {
      IDBObjectStore.prototype.delete = realDelete;
    }
    // Nothing was removed, here or on disk.
    expect((await almanac.stats()).documents).toBe(1);
  });
});
