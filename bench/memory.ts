import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// The benchmarks measure retained memory after a full collection, which needs `gc()`.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/**
 * Bytes held now after full collections: the JS heap plus ArrayBuffers (typed-array postings and
 * vectors live there, outside `heapUsed`).
 */
export function retainedBytes(): number {
  collect();
  collect();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/** Megabytes, one decimal. */
export const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;
