/**
 * A real turn of the event loop. ONNX Runtime Web resolves its runs through microtasks, so a
 * worker busy generating or embedding would never read its message queue, and the page's
 * `abort(id)` would land only after the work is done. Awaiting this between tokens and
 * batches lets that message in. In Node, onnxruntime-node already yields, so it is skipped.
 */
import { nextTurn } from '../engine/time-slice.ts';
import { isNodeRuntime } from './environment.ts';

/** Resolves after the messages and tasks already queued have run (browsers and workers only). */
export function yieldToEventLoop(): Promise<void> {
  if (isNodeRuntime() || typeof MessageChannel === 'undefined') return Promise.resolve();
  return nextTurn();
}
