/**
 * Builds the app once for every end-to-end test file: `current` (with the synthetic models,
 * which the model tests load) and `next`, the same sources under another build label, which
 * the update test deploys over `current` at the same origin.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { root } from './harness.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Folder of the build every test serves. */
    distCurrent: string;
    /** Folder of a second build (another label), deployed as an update. */
    distNext: string;
  }
}

async function buildInto(outDir: string, env: Record<string, string>): Promise<void> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'error', build: { outDir, emptyOutDir: true } });
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

/** Runs once before the e2e files; returns the teardown. */
export default async function setup(project: TestProject): Promise<() => void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'almanac-e2e-build-'));
  const distCurrent = path.join(tmp, 'current');
  const distNext = path.join(tmp, 'next');
  // NODE_ENV as `npm run build` has it (vitest sets "test", which would make a development build).
  await buildInto(distCurrent, { NODE_ENV: 'production', ALMANAC_SYNTHETIC_MODELS: '1', ALMANAC_BUILD_LABEL: 'e2e-current' });
  await buildInto(distNext, { NODE_ENV: 'production', ALMANAC_SYNTHETIC_MODELS: '0', ALMANAC_BUILD_LABEL: 'e2e-next' });
  project.provide('distCurrent', distCurrent);
  project.provide('distNext', distNext);
  return () => fs.rmSync(tmp, { recursive: true, force: true });
}
