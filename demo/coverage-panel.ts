/**
 * The corpus's time coverage: how many dated sentences fall in each decade or year, so a
 * user sees which periods the corpus can answer about (MRAG's advice: analyse coverage).
 */
import type { RemoteAlmanac } from '../src/engine/remote.ts';
import { byId, clear, el } from './dom.ts';
import { coverageChart } from './charts.ts';
import { errorMessage } from './format.ts';

/** Wires the coverage panel; `refresh` redraws it after the corpus changes. */
export function coveragePanel(almanac: RemoteAlmanac): { refresh(): Promise<void> } {
  const host = byId('coverage');
  const buckets = byId<HTMLSelectElement>('coverage-buckets');

  async function refresh(): Promise<void> {
    try {
      const data = await almanac.timeCoverage({ buckets: buckets.value === 'year' ? 'year' : 'decade' });
      clear(host);
      host.appendChild(data.length ? coverageChart(data) : el('p', { class: 'hint', text: 'No dated sentences in the corpus yet.' }));
      const outliers = data.filter((b) => b.outlier).map((b) => `${b.sentences} ${b.sentences === 1 ? 'sentence' : 'sentences'} dated ${b.label}`);
      if (outliers.length) host.appendChild(el('p', { class: 'hint coverage-outliers', text: `Off the axis, where the corpus has few dates: ${outliers.join('; ')}.` }));
    } catch (error) {
      host.replaceChildren(el('p', { class: 'error', text: errorMessage(error) }));
    }
  }

  buckets.addEventListener('change', () => void refresh());
  return { refresh };
}
