import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createAlmanac, AlmanacError } from '../../src/index.ts';
import type { Embedder } from '../../src/types.ts';

const DOCS = [
  { name: 'house.md', content: '# Baker House\n\nThe house was built in 1794 in Washington.\n\n## Owners\n\nGeorge Peter owned the house from 1811 to 1827. Newton D. Baker lived there during 1916-1920.' },
  { name: 'rates.html', content: '<h1>Exchange rates</h1><table><caption>Average exchange rates</caption><thead><tr><th rowspan="2">Currency</th><th colspan="2">2013</th><th colspan="2">2012</th></tr><tr><th>Buy</th><th>Sell</th><th>Buy</th><th>Sell</th></tr></thead><tbody><tr><th>Euro</th><td>1.3</td><td>1.4</td><td>1.2</td><td>1.25</td></tr><tr><th>Mexican peso</th><td>11.2</td><td>11.9</td><td>10.9</td><td>11.5</td></tr></tbody></table>' },
  { name: 'pm.txt', content: 'Boris Johnson became prime minister of the United Kingdom in July 2019 and served until September 2022.\n\nNicola Sturgeon won the Scottish Parliament election on 6 May 2021.' },
];

/** A deterministic bag-of-letters embedder: enough to exercise the hybrid path without a model. */
function letterEmbedder(id = 'letters'): Embedder & { calls: number } {
  const e = {
    id, dimensions: 26, device: 'cpu', calls: 0,
    async embed(texts: string[]) {
      e.calls++;
      return texts.map((t) => {
        const v = new Float32Array(26);
        for (const ch of t.toLowerCase()) { const k = ch.charCodeAt(0) - 97; if (k >= 0 && k < 26) v[k]! += 1; }
        const n = Math.hypot(...v) || 1;
        return v.map((x) => x / n);
      });
    },
    async dispose() {},
  };
  return e;
}

describe('createAlmanac', () => {
  it('ingests text, Markdown and HTML, and searches in zero-download mode, saying so', async () => {
    const almanac = await createAlmanac();
    const reports = await almanac.ingest(DOCS);
    expect(reports.map((r) => r.error)).toEqual([undefined, undefined, undefined]);
    expect(reports[1]!.tables).toBe(1);
    const res = await almanac.search('George Peter house owner');
    expect(res.mode).toBe('bm25');
    expect(res.skipped.vectors).toMatch(/zero-download/);
    expect(res.results[0]!.passage.docId).toBe('house.md');
    expect(res.results[0]!.title).toBe('Baker House');
    expect(res.results[0]!.passage.heading).toBe('Owners');
    const [s, e] = res.results[0]!.highlights[0]!;
    expect(res.results[0]!.passage.text.slice(s, e)).toMatch(/George|Peter|house|owned/i);
  });

  it('keeps provenance: a text passage is a slice of its document text', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest(DOCS);
    const res = await almanac.search('Baker lived there');
    const p = res.results[0]!.passage;
    const doc = await almanac.document(p.docId);
    expect(doc!.text.slice(p.start, p.end)).toBe(p.text);
  });

  it('finds a table cell through its H-RCL summary and cites the cells', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest(DOCS);
    const res = await almanac.search('Mexican peso 2013 buy rate', { limit: 3 });
    const hit = res.results.find((r) => r.passage.kind === 'table-row' || r.passage.kind === 'table-column');
    expect(hit).toBeDefined();
    expect(hit!.passage.docId).toBe('rates.html');
    expect(hit!.passage.cells!.length).toBeGreaterThan(0);
    // The year is a header here, so the cell the question names stands out, with its paths.
    expect(hit!.matchedCells).toEqual([{ cell: expect.any(Array), text: '11.2', rowPath: ['Mexican peso'], columnPath: ['2013', 'Buy'] }]);
    expect(hit!.passage.cells).toContainEqual(hit!.matchedCells![0]!.cell);
  });

  it('routes a time-sensitive question through the temporal path with an explanation', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest(DOCS);
    const res = await almanac.search('Who was prime minister of the United Kingdom as of 6 May 2021?');
    expect(res.constraint).toBeDefined();
    expect(res.steps).toContain('temporal-rerank');
    expect(res.skipped.summaries).toMatch(/no generator/);
    expect(res.results[0]!.passage.text).toMatch(/Johnson/);
    expect(res.results[0]!.temporal!.times.length).toBeGreaterThan(0);
    const plain = await almanac.search('Who was prime minister of the United Kingdom?');
    expect(plain.constraint).toBeUndefined();
    expect(plain.steps).not.toContain('temporal-rerank');
  });

  it('reads a relative date the grammar leaves to chrono-node, which the engine loads for that question', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([{ name: 'council.md', content: '# Council\n\nOn 12 June 2026 the council approved the new library budget.\n\nOn 3 March 2026 the council approved a new park.' }]);
    const res = await almanac.search('What did the council approve last Friday?', { referenceDate: new Date(Date.UTC(2026, 5, 15)) });
    expect(res.constraint).toMatchObject({ start: Date.UTC(2026, 5, 12), end: Date.UTC(2026, 5, 13), granularity: 'day' });
    expect(res.results[0]!.temporal!.sentence).toContain('library budget');
  });

  it('sends a dated question whose best hit is a table to the fusion, where its year is a header', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest(DOCS);
    const res = await almanac.search('What was the Mexican peso buy rate in 2013?');
    expect(res.constraint).toBeDefined();
    expect(res.steps).toContain('fusion');
    expect(res.steps).not.toContain('temporal-rerank');
    expect(res.skipped['temporal-rerank']).toMatch(/table/);
    expect(res.results[0]!.passage.docId).toBe('rates.html');
    expect(res.results.slice(0, 3).some((r) => /Mexican peso: in 2013 Buy 11\.2/.test(r.passage.text))).toBe(true);
  });

  it('reads a question\'s acronym as the phrase a table spells out, and says so', async () => {
    const almanac = await createAlmanac();
    const table = (title: string, column: string) => ({
      name: `${column}.html`,
      content: `<table><caption>${title}</caption><tr><th>City</th><th>${column}</th></tr><tr><th>Halifax</th><td>80.3</td></tr><tr><th>Moncton</th><td>95.1</td></tr></table>`,
    });
    await almanac.ingest([
      table('Police-reported crime indexes by census metropolitan area', 'violent crime severity index'),
      table('Police-reported crime rates by census metropolitan area', 'total crime rate'),
    ]);
    // "reported" ties each acronym to a table that also names another word of the question.
    const res = await almanac.search('Which CMA reported the highest VCSI?', { groupByDocument: true });
    expect(res.steps).toContain('acronyms');
    expect(res.acronyms).toEqual([
      { word: 'cma', phrase: 'census metropolitan area' },
      { word: 'vcsi', phrase: 'violent crime severity index' },
    ]);
    expect(res.results[0]!.passage.docId).toBe('violent crime severity index.html');
    // A plain question is not rewritten.
    const plain = await almanac.search('Which city had the highest crime rate?');
    expect(plain.acronyms).toBeUndefined();
    expect(plain.steps).not.toContain('acronyms');
    // Opened from a file, a table's terms come from its stored postings, not tokenised again:
    // the same phrases; and a document with French text, whose postings are French, still
    // gives the acronyms its table's English reading.
    await almanac.ingest([{
      name: 'rapport.html',
      content: '<p>Le rapport est publié chaque année et les données sont mises à jour par la ville.</p>'
        + '<table><caption>Emplois par municipalité</caption><tr><th>Ville</th><th>gross domestic product</th></tr><tr><th>Laval</th><td>12.1</td></tr></table>',
    }]);
    const opened = await createAlmanac();
    await opened.importCorpus(await almanac.exportCorpus());
    for (const engine of [almanac, opened]) {
      expect((await engine.search('Which CMA reported the highest VCSI?', { groupByDocument: true })).acronyms).toEqual(res.acronyms);
      // ("municipalité" is "municipalite" read in English, "municipal" in French.)
      expect((await engine.search('Which municipalité had the highest GDP?')).acronyms).toEqual([{ word: 'gdp', phrase: 'gross domestic product' }]);
    }
  });

  it('matches a figure the question quotes with the cell that holds it, separators aside', async () => {
    const almanac = await createAlmanac();
    const table = (name: string, value: string) => ({
      name, content: `<table><caption>Exports by province</caption><tr><th>Province</th><th>Exports ($ millions)</th></tr><tr><th>Ontario</th><td>${value}</td></tr></table>`,
    });
    // The wrong table sorts first by name: only the figure can put the right one ahead.
    await almanac.ingest([table('a.html', '1,107.25'), table('b.html', '1,234.50')]);
    const res = await almanac.search('Which province exported 1234.5 million dollars?', { groupByDocument: true });
    expect(res.results[0]!.passage.docId).toBe('b.html');
  });

  it('matches a question\'s word with the abbreviation a table writes in its header', async () => {
    const almanac = await createAlmanac();
    const stats = (name: string, columns: string) => ({
      name, content: `<table><caption>Statistics</caption><tr><th>Year</th><th>${columns}</th></tr><tr><th>2010</th><td>965</td></tr></table>`,
    });
    // Both tables name "rushing"; only the second holds yards, written "yds".
    await almanac.ingest([stats('a.html', 'rushing att'), stats('b.html', 'rushing yds')]);
    const res = await almanac.search('How many rushing yards in 2010?', { groupByDocument: true });
    expect(res.results[0]!.passage.docId).toBe('b.html');
    expect(res.results[0]!.passage.text).toContain('rushing yds');
  });

  it('finds the row a spreadsheet labels "2023-03" for a question about March 2023, and cites its cell', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([{ name: 'sales.csv', content: 'month,Croissants,Cakes\n2023-01,2890,310\n2023-02,2760,420\n2023-03,3010,380\n' }]);
    const res = await almanac.search('How many croissants were sold in March 2023?');
    const top = res.results[0]!;
    expect(top.passage.kind).toBe('table-row');
    expect(top.passage.text).toContain('2023-03');
    expect(top.matchedCells?.map((c) => c.text)).toEqual(['3010']);
  });

  it('meets a year inside a span a table title writes ("FYs 2017-19")', async () => {
    const almanac = await createAlmanac();
    const budget = (name: string, years: string) => ({
      name, content: `<table><caption>Federal R&amp;D budget authority, by agency: FYs ${years}</caption><tr><th>Agency</th><th>Total</th></tr><tr><th>Energy</th><td>12</td></tr></table>`,
    });
    await almanac.ingest([budget('a.html', '2014-16'), budget('b.html', '2017-19')]);
    const res = await almanac.search('What was the R&D budget authority of Energy in FY 2018?', { groupByDocument: true });
    const top = res.results[0]!;
    expect(top.passage.docId).toBe('b.html');
    // The span is what matched the year, and it is marked as such.
    expect(top.highlights.map(([s, e]) => top.passage.text.slice(s, e))).toContain('2017-19');
  });

  it('splits the text of a document with tables into sentences too, dropping fragments under five words', async () => {
    const factory = new IDBFactory();
    const storage = { indexedDB: { name: 'sentences-test', factory } };
    const almanac = await createAlmanac({ storage });
    const report = {
      name: 'report.html',
      content: '<h2>Revenue</h2><p>Revenue grew in 2019 because the Monterrey office opened. Table 3.</p>' +
        '<table><tr><th>Item</th><th>2019</th></tr><tr><th>Revenue</th><td>12</td></tr></table>',
    };
    await almanac.ingest([report, DOCS[2]!]);
    const sentences = (await almanac.search('Monterrey office opened', { limit: 20 })).results.filter((r) => r.passage.kind === 'sentence');
    expect(sentences.map((r) => r.passage.text)).toEqual(['Revenue grew in 2019 because the Monterrey office opened.']);
    const s = sentences[0]!.passage;
    expect(s.heading).toBe('Revenue');
    expect((await almanac.document('report.html'))!.text.slice(s.start, s.end)).toBe(s.text);
    // A document without tables keeps its text in chunks only.
    const pm = await almanac.search('Boris Johnson prime minister', { limit: 20 });
    expect(pm.results.filter((r) => r.passage.docId === 'pm.txt').every((r) => r.passage.kind === 'text')).toBe(true);
    // Sentences come back from storage as slices of the document.
    await almanac.close();
    const again = await createAlmanac({ storage });
    const back = (await again.search('Monterrey office opened', { limit: 20 })).results.find((r) => r.passage.kind === 'sentence');
    expect(back?.passage.text).toBe(s.text);
  });

  it('groups by document on request', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest(DOCS);
    const res = await almanac.search('house 2013 exchange Johnson', { groupByDocument: true, limit: 10 });
    const ids = res.results.map((r) => r.passage.docId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('reports bad documents without losing the good ones', async () => {
    const almanac = await createAlmanac();
    const reports = await almanac.ingest([{ name: 'empty.txt', content: '   ' }, { name: 'ok.txt', content: 'Fine text here.' }, { name: 'bin', content: '\u0000\u0001' }]);
    expect(reports[0]!.error?.code).toBe('EMPTY_DOCUMENT');
    expect(reports[2]!.error?.code).toBe('UNSUPPORTED_FORMAT');
    expect(reports[1]!.error).toBeUndefined();
    expect((await almanac.stats()).documents).toBe(1);
  });

  it('rejects an empty query with a typed error', async () => {
    const almanac = await createAlmanac();
    await expect(almanac.search('  ')).rejects.toMatchObject({ code: 'INVALID_QUERY' });
    await expect(almanac.search('x', { limit: 0 })).rejects.toBeInstanceOf(AlmanacError);
  });

  it('replaces a re-ingested document and removes documents', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([{ id: 'a', name: 'a.txt', content: 'Old content about zebras.' }]);
    await almanac.ingest([{ id: 'a', name: 'a.txt', content: 'New content about giraffes.' }]);
    expect((await almanac.search('zebras')).results).toHaveLength(0);
    expect((await almanac.search('giraffes')).results).toHaveLength(1);
    await almanac.remove(['a']);
    expect((await almanac.search('giraffes')).results).toHaveLength(0);
    expect(await almanac.documents()).toEqual([]);
  });

  it('honours an aborted signal and reports progress', async () => {
    const almanac = await createAlmanac();
    const controller = new AbortController();
    controller.abort();
    await expect(almanac.ingest(DOCS, { signal: controller.signal })).rejects.toMatchObject({ code: 'ABORTED' });
    const seen: number[] = [];
    await almanac.ingest(DOCS, { onProgress: (p) => seen.push(p.done) });
    expect(seen.at(-1)).toBe(DOCS.length);
  });

  it('persists to IndexedDB and comes back without re-ingesting', async () => {
    const factory = new IDBFactory();
    const storage = { indexedDB: { name: 'engine-test', factory } };
    const first = await createAlmanac({ storage });
    await first.ingest(DOCS);
    const before = await first.stats();
    await first.close();
    await expect(first.search('house')).rejects.toMatchObject({ code: 'CLOSED' });
    const second = await createAlmanac({ storage });
    expect(await second.stats()).toEqual(before);
    expect((await second.search('George Peter')).results[0]!.passage.docId).toBe('house.md');
    const doc = await second.document('rates.html');
    expect(doc!.tables[0]!.cells.length).toBeGreaterThan(0);
  });

  it('runs hybrid search when an embedder is loaded, and stores its vectors', async () => {
    const factory = new IDBFactory();
    const storage = { indexedDB: { name: 'hybrid-test', factory } };
    const embedder = letterEmbedder();
    const almanac = await createAlmanac({ storage, embedder });
    await almanac.ingest(DOCS);
    const res = await almanac.search('George Peter');
    expect(res.mode).toBe('hybrid');
    expect((await almanac.stats()).vectors).toBe((await almanac.stats()).passages);
    await almanac.close();
    const again = letterEmbedder();
    const reopened = await createAlmanac({ storage, embedder: again });
    expect(again.calls).toBe(0); // vectors came back from storage
    expect((await reopened.search('George Peter')).mode).toBe('hybrid');
  });

  it('lists the corpus time coverage', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest(DOCS);
    const buckets = await almanac.timeCoverage({ buckets: 'decade' });
    const labels = buckets.filter((b) => b.sentences > 0).map((b) => b.label);
    expect(labels.some((l) => l.includes('1790'))).toBe(true);
    expect(labels.some((l) => l.includes('2010'))).toBe(true);
    // A bucket's sentences, with their documents' titles: as many as the bucket counts.
    const bucket = buckets.find((b) => b.label.includes('1790'))!;
    const listed = await almanac.datedSentences({ start: bucket.start, end: bucket.end });
    expect(listed.total).toBe(bucket.sentences);
    expect(listed.sentences).toHaveLength(bucket.sentences);
    for (const s of listed.sentences) {
      expect(s.text).toMatch(/179\d/);
      expect(s.passageId.startsWith(`${s.docId}#`)).toBe(true);
      expect(s.title).toBeTruthy();
    }
  });
});

describe('models on the temporal path', () => {
  it('uses a generator for query-focused summaries, dropping those with dates not in the passage', async () => {
    const prompts: string[] = [];
    const generator = {
      id: 'fake-llm', device: 'cpu',
      async generate(prompt: string) {
        prompts.push(prompt);
        return prompt.includes('Johnson') ? 'Boris Johnson was prime minister from July 2019.' : 'Nicola Sturgeon became prime minister in 1999.';
      },
      async dispose() {},
    };
    const almanac = await createAlmanac({ generator });
    await almanac.ingest(DOCS);
    const res = await almanac.search('Who was prime minister of the United Kingdom as of 6 May 2021?');
    expect(res.steps).toContain('summaries');
    expect(prompts.length).toBeGreaterThan(0);
    const johnson = res.summaries!.find((s) => s.summary.includes('Johnson'));
    expect(johnson?.kept).toBe(true);
    const sturgeon = res.summaries!.find((s) => s.summary.includes('Sturgeon'));
    if (sturgeon) expect(sturgeon.kept).toBe(false);
    expect(res.results[0]!.passage.text).toMatch(/Johnson/);
  });

  it('lets a generator choose the answering document among the fusion\'s best, and says when it names none', async () => {
    const prompts: string[] = [];
    let reply = '';
    const generator = {
      id: 'fake-llm', device: 'cpu',
      async generate(prompt: string) {
        prompts.push(prompt);
        return reply;
      },
      async dispose() {},
    };
    const almanac = await createAlmanac({ generator });
    await almanac.ingest([...DOCS, { name: 'rates-2.html', content: '<table><caption>Exchange rates of the euro</caption><tr><th>Currency</th><th>Buy</th></tr><tr><th>Euro</th><td>1.3</td></tr></table>' }]);
    const question = 'euro exchange rates buy';
    const plain = await almanac.search(question, { groupByDocument: true });
    const order = plain.results.map((r) => r.passage.docId);
    expect(order.length).toBeGreaterThan(1);

    // The reply names the second candidate: it moves to the top, the rest keep their order.
    reply = ' 2.';
    const chosen = await almanac.search(question, { groupByDocument: true });
    expect(chosen.steps).toContain('llm-choice');
    expect(chosen.results.map((r) => r.passage.docId)).toEqual([order[1], order[0], ...order.slice(2)]);
    const prompt = prompts.at(-1)!;
    expect(prompt).toContain(`Question: ${question}`);
    expect(prompt).toMatch(/\[1\] .*\n- /);

    reply = 'I cannot tell.';
    const none = await almanac.search(question, { groupByDocument: true });
    expect(none.steps).not.toContain('llm-choice');
    expect(none.skipped['llm-choice']).toMatch(/named none/);
    expect(none.results.map((r) => r.passage.docId)).toEqual(order);
  });

  it('uses a cross-encoder as the semantic score of the temporal rerank', async () => {
    let pairs = 0;
    const reranker = {
      id: 'fake-ce', device: 'cpu',
      async score(_q: string, passages: string[]) {
        pairs += passages.length;
        return passages.map((p) => (/prime minister/.test(p) ? 0.9 : 0.1));
      },
      async dispose() {},
    };
    const almanac = await createAlmanac({ reranker });
    await almanac.ingest(DOCS);
    const res = await almanac.search('Who was prime minister of the United Kingdom as of 6 May 2021?');
    expect(res.steps.some((s) => s.includes('cross-encoder'))).toBe(true);
    expect(pairs).toBeGreaterThan(0);
    expect(res.results[0]!.passage.text).toMatch(/Johnson/);
    const plain = await almanac.search('Mexican peso');
    expect(plain.steps).toContain('cross-encoder');
  });
});
