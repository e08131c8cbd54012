/**
 * Documents in any script are found by a question in that script, and each report says which
 * language was assumed and what was done with its words.
 */
import { describe, expect, it } from 'vitest';
import { createAlmanac } from '../../src/index.ts';

const DOCS = [
  { name: 'he.txt', content: 'הספרייה הלאומית נפתחה בירושלים. היא שומרת כתבי יד עתיקים.', query: 'כתבי יד', language: { tag: 'he', script: 'Hebrew', segmented: false } },
  { name: 'ar.txt', content: 'افتتحت المكتبة الوطنية في القاهرة. تحفظ المكتبة مخطوطات قديمة.', query: 'مخطوطات', language: { tag: 'ar', script: 'Arabic', stemmer: 'arabic', segmented: false } },
  { name: 'zh.txt', content: '国家图书馆在北京开放。图书馆保存古老的手稿和年度报告。', query: '年度报告', language: { tag: 'zh', script: 'Han', segmented: true } },
  { name: 'ja.txt', content: '国立図書館は東京にあります。古い写本を保存しています。', query: '写本', language: { tag: 'ja', script: 'Hiragana', segmented: true } },
  { name: 'ru.txt', content: 'Национальная библиотека открылась в Москве. Она хранит старинные рукописи.', query: 'в библиотеке', language: { tag: 'ru', script: 'Cyrillic', stemmer: 'russian', segmented: false } },
  { name: 'th.txt', content: 'หอสมุดแห่งชาติเปิดที่กรุงเทพ เก็บรักษาต้นฉบับโบราณ', query: 'ต้นฉบับ', language: { tag: 'th', script: 'Thai', segmented: true } },
  { name: 'emoji.txt', content: 'Party plans 🎉🍕 for Friday', query: '🍕', language: { tag: 'en', script: 'Latin', stemmer: 'english', segmented: false } },
];

describe('every script is searchable', () => {
  it('finds each document by a word of its own script, and says what was assumed', async () => {
    const almanac = await createAlmanac();
    const reports = await almanac.ingest(DOCS.map(({ name, content }) => ({ name, content })));
    for (const [i, doc] of DOCS.entries()) {
      expect(reports[i]!.stored).toBe(true);
      expect(reports[i]!.language).toEqual(doc.language);
      const res = await almanac.search(doc.query);
      expect(res.results[0]?.passage.docId, doc.name).toBe(doc.name);
      const [s, e] = res.results[0]!.highlights[0]!;
      expect(res.results[0]!.passage.text.slice(s, e).length).toBeGreaterThan(0);
    }
  });
});
