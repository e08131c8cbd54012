/**
 * The corpus's time coverage: how many dated sentences fall in each decade or year, so a
 * user sees which periods the corpus can answer about (MRAG's advice: analyse coverage). A
 * click on a bar (or on a period noted off the axis) lists that bucket's sentences, with the
 * document each comes from.
 */
import type { RemoteAlmanac } from '../src/engine/remote.ts';
import type { TimeBucket } from '../src/types.ts';
import { byId, clear, el } from './dom.ts';
import { coverageChart } from './charts.ts';
import { errorMessage, formatSpan } from './format.ts';

/** Sentences listed for one bucket; the rest are counted. */
const LISTED = 30;

/** Wires the coverage panel; `refresh` redraws it after the corpus changes. */
export function coveragePanel(almanac: RemoteAlmanac): { refresh(): Promise<void> } {
  const host = byId('coverage');
  const buckets = byId<HTMLSelectElement>('coverage-buckets');

  const list = el('div', { class: 'coverage-list', attrs: { 'aria-live': 'polite' } });
  let picked = 0;

  async function pick(bucket: TimeBucket): Promise<void> {
    const mine = ++picked;
    list.replaceChildren(el('p', { class: 'hint', text: `Listing the sentences dated ${bucket.label}…` }));
    try {
      const { total, sentences } = await almanac.datedSentences({ start: bucket.start, end: bucket.end, limit: LISTED });
      if (mine !== picked) return;
      list.replaceChildren(
        el('h3', { text: `${bucket.label}: ${total} dated ${total === 1 ? 'sentence' : 'sentences'}` }),
        el('ol', { class: 'dated-sentences' }, sentences.map((s) => el('li', { attrs: { 'data-passage': s.passageId } }, [
          el('p', { text: s.text }),
          el('p', { class: 'dated-from', text: `${s.title} · ${s.times.map(formatSpan).join('; ')}` }),
        ]))),
        sentences.length >= LISTED
          ? el('p', { class: 'hint', text: `The first ${LISTED}, dated inside the bucket first; a year bucket lists fewer at a time.` })
          : sentences.length < total ? el('p', { class: 'hint', text: 'A sentence that several passages repeat (a table’s caption) is listed once.' }) : '',
      );
    } catch (error) {
      if (mine === picked) list.replaceChildren(el('p', { class: 'error', text: errorMessage(error) }));
    }
  }

  async function refresh(): Promise<void> {
    try {
      const data = await almanac.timeCoverage({ buckets: buckets.value === 'year' ? 'year' : 'decade' });
      clear(host);
      // The list was of the corpus as it was: a change (or another bucket size) closes it.
      picked++;
      clear(list);
      host.appendChild(data.length ? coverageChart(data, (b) => void pick(b)) : el('p', { class: 'hint', text: 'No dated sentences in the corpus yet.' }));
      const outliers = data.filter((b) => b.outlier);
      if (outliers.length) {
        host.appendChild(el('p', { class: 'hint coverage-outliers' }, [
          'Off the axis, where the corpus has few dates: ',
          ...outliers.flatMap((b, i) => [
            i ? '; ' : null,
            el('button', { class: 'link', text: `${b.sentences} ${b.sentences === 1 ? 'sentence' : 'sentences'} dated ${b.label}`, attrs: { type: 'button' }, on: { click: () => void pick(b) } }),
          ]),
          '.',
        ]));
      }
      if (data.length) host.appendChild(el('p', { class: 'hint', text: 'Click or tap a bar to list its sentences.' }));
      host.appendChild(list);
    } catch (error) {
      host.replaceChildren(el('p', { class: 'error', text: errorMessage(error) }));
    }
  }

  buckets.addEventListener('change', () => void refresh());
  return { refresh };
}
