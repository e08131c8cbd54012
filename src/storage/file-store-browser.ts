import { createError } from '../errors.ts';
import type { FileStore } from './file-store.ts';

/**
 * What `almanac/node` resolves to in a browser build (the `browser` condition of the package's
 * exports): the file-backed store reads and writes a folder with `node:fs`, which no page has,
 * so a bundler that pulls it into a page gets this instead of failing on `node:fs`, and a call
 * says what to use there (`NODE_ONLY`). Same names as `file-store.ts`, so an import that is
 * only reached in Node (an isomorphic module) still builds.
 */
const NAME = 'almanac/node (the file-backed store)';

export const MANIFEST_FILE = 'index.json';

export async function openFileStore(_dir: string): Promise<FileStore> {
  throw createError('NODE_ONLY', NAME);
}

export async function readManifest(_dir: string, _optional = false): Promise<never> {
  throw createError('NODE_ONLY', NAME);
}

export class FileStoreInBrowser {
  constructor() {
    throw createError('NODE_ONLY', NAME);
  }
}
export { FileStoreInBrowser as FileStore };
