/**
 * A progress bar bound to Almanac's {@link Progress} reports. Each panel owns one; it is
 * hidden when idle so the page does not show empty bars.
 */
import type { Progress } from '../src/types.ts';
import { el } from './dom.ts';
import { formatBytes } from './format.ts';

/** A progress bar the panel shows while a long call runs. */
export interface ProgressView {
  readonly element: HTMLElement;
  /** Shows the bar and describes what is being done. */
  start(label: string): void;
  /** Feeds a report from the engine. */
  update(p: Progress): void;
  /** Hides the bar. */
  done(): void;
}

/** Phases whose units are bytes, so the label says "1.2 MB of 20.0 MB" rather than counts. */
const BYTE_PHASES = new Set(['download', 'load-model', 'bytes']);

/** Creates a hidden progress bar; `name` labels it for screen readers. */
export function progressView(name: string): ProgressView {
  const bar = el('progress', { attrs: { max: 1, 'aria-label': name } });
  const label = el('span', { class: 'progress-label' });
  const element = el('div', { class: 'progress', attrs: { hidden: true, role: 'status', 'aria-live': 'polite' } }, [bar, label]);
  let title = '';
  return {
    element,
    start(text) {
      title = text;
      bar.removeAttribute('value'); // indeterminate until the first report
      label.textContent = text;
      element.hidden = false;
    },
    update(p) {
      if (p.total > 0) {
        bar.max = p.total;
        bar.value = Math.min(p.done, p.total);
      } else {
        bar.removeAttribute('value');
      }
      const bytes = BYTE_PHASES.has(p.phase) || (p.total > 100_000);
      const amount = p.total > 0 ? (bytes ? `${formatBytes(p.done)} of ${formatBytes(p.total)}` : `${p.done} of ${p.total}`) : bytes ? formatBytes(p.done) : String(p.done || '');
      label.textContent = [title, p.phase, amount, p.detail].filter(Boolean).join(' · ');
    },
    done() {
      element.hidden = true;
    },
  };
}
