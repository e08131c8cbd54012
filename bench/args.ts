import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root, so default data paths (`../shared/data/...`) resolve from it whatever the cwd. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Reads `--name value` (or `--flag`) from argv; `fallback` when absent. */
export function option(argv: string[], name: string, fallback?: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = argv[i + 1];
  return v === undefined || v.startsWith('--') ? '' : v;
}

/** A data path from argv, or the default under the project root. */
export function dataPath(argv: string[], name: string, fallback: string): string {
  const v = option(argv, name);
  return path.resolve(PROJECT_ROOT, v || fallback);
}

/** Percentile of numbers (nearest rank). */
export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Rounds to one decimal. */
export const round1 = (x: number) => Math.round(x * 10) / 10;
