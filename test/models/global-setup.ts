/**
 * Vitest global setup of the browser project: the browser cannot run the Node script, so the
 * synthetic models it loads from `/models/synthetic/` are made here first (a few stat calls
 * when they are current).
 */
import { makeSyntheticModels } from '../../scripts/make-synthetic-models.ts';

/** Runs once before the browser tests. */
export default async function setup(): Promise<void> {
  await makeSyntheticModels({ log: (line) => console.log(`[models] ${line}`) });
}
