import { describe, expect, it } from 'vitest';
import { createAlmanac } from '../../src/index.ts';
import type { DocumentInput } from '../../src/types.ts';

/*
 * A list item states a holder and a span ("- Yuri Puntus ( 1 March 1996 – 30 November 2004 )")
 * and leaves what the list is a list of to its lead or heading; a prose sentence dated at the
 * span's start shares more of the question's words. The item is read in its list's context.
 */
const reference = new Date(Date.UTC(2026, 0, 1));
const title = 'Dynamo Barysaw Football Club Minsk';

async function ranked(docs: Array<[string, string, DocumentInput['format']?]>, question: string) {
  const almanac = await createAlmanac();
  await almanac.ingest(docs.map(([id, content, format]) => ({ id, name: title, content, format: format ?? 'text' })));
  const res = await almanac.search(question, { referenceDate: reference, temporal: true });
  await almanac.close();
  return res.results;
}

describe('list items in their list context', () => {
  it('a bare list item with the exact range outranks a prose sentence dated at the range start', async () => {
    // Each paragraph its own document, as TimeQA's pages are read: the item's lead is out of view.
    const item = '- Yuri Puntus ( 1 March 1996 – 30 November 2004 )';
    const results = await ranked([
      ['history', 'The club joined the league in 1996 .'],
      ['manager-1', item],
      ['manager-2', '- Igor Kriushenko ( 1 January 2005 – 12 November 2007 )'],
      ['stadium', 'The club plays at the Borisov Arena , opened in 2014 .'],
    ], `Who was the head coach of ${title} from 1996 to 2004 when the club joined the league?`);
    expect(results[0]!.passage.docId).toBe('manager-1');
    expect(results[0]!.temporal!.sentence).toBe(item);
    expect(results[1]!.passage.docId).toBe('history');
  });

  it('a Markdown list item reads its lead ("The club has had these head coaches:")', async () => {
    const results = await ranked([
      ['history.md', `# ${title}\n\nIn 1996 the club was re-established with a new head coach.\n`, 'markdown'],
      ['coaches.md', `# ${title}\n\nThe club has had these head coaches since it was re-established:\n\n- Leu Mazurkevich ( 1973–1981 )\n- Anatoly Baidachny ( 1982–1995 )\n- Yuri Puntus ( 1 March 1996 – 30 November 2004 )\n- Igor Kriushenko ( 1 January 2005 – 12 November 2007 )\n`, 'markdown'],
    ], `Who was the head coach of ${title} from 1996 to 2004 after the club was re-established?`);
    expect(results[0]!.passage.docId).toBe('coaches.md');
    expect(results[0]!.temporal!.sentence).toBe('Yuri Puntus ( 1 March 1996 – 30 November 2004 )');
  });
});
