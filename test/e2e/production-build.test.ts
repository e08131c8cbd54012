/**
 * A production build (no ALMANAC_SYNTHETIC_MODELS) ships neither the random-weight test
 * models nor manifest entries that point at them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'almanac-build-'));

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('production build', () => {
  it('drops the synthetic models and their manifest entries, keeping the rest of the manifest', async () => {
    const saved = process.env.ALMANAC_SYNTHETIC_MODELS;
    delete process.env.ALMANAC_SYNTHETIC_MODELS;
    try {
      await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'error', build: { outDir: tmp, emptyOutDir: true } });
    } finally {
      if (saved !== undefined) process.env.ALMANAC_SYNTHETIC_MODELS = saved;
    }
    expect(fs.existsSync(path.join(tmp, 'models', 'synthetic'))).toBe(false);
    const source = JSON.parse(fs.readFileSync(path.join(root, 'public/models/manifest.json'), 'utf8')) as { $comment?: string; models: Array<{ id: string }> };
    const built = JSON.parse(fs.readFileSync(path.join(tmp, 'models', 'manifest.json'), 'utf8')) as typeof source;
    expect(built.models).toEqual(source.models.filter((m) => !m.id.startsWith('synthetic/')));
    expect(built.$comment).toBe(source.$comment);
    expect(fs.existsSync(path.join(tmp, 'index.html'))).toBe(true);
  }, 120_000);
});
