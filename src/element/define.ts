/**
 * `almanac/element`: defines `<almanac-search>` (the one module of the package with a side
 * effect). The one-tag script `almanac-search.js` is this module bundled with its worker.
 */
import { AlmanacSearchElement, type AlmanacSearchEventMap } from './almanac-search.ts';

export { AlmanacSearchElement };
export type {
  AlmanacErrorDetail, AlmanacIngestDetail, AlmanacReadyDetail, AlmanacSearchEventMap, AlmanacSelectDetail,
} from './almanac-search.ts';

// A page that includes the script twice (or a second copy of the package) keeps the first.
if (!customElements.get('almanac-search')) customElements.define('almanac-search', AlmanacSearchElement);

declare global {
  interface HTMLElementTagNameMap {
    'almanac-search': AlmanacSearchElement;
  }
  interface HTMLElementEventMap extends AlmanacSearchEventMap {}
}
