/**
 * What the page and the service worker (`sw.ts`) agree on; neither imports the other.
 */

/** Cache Storage bucket of model files downloaded from `/models/` (cache-first). */
export const MODEL_CACHE = 'almanac-models';

/** Message a page sends a waiting service worker to take over now ("reload now"). */
export const SKIP_WAITING = 'SKIP_WAITING';
