/**
 * The model stacks (`@huggingface/transformers`, `@mlc-ai/web-llm`) are optional peer
 * dependencies: a zero-download install has neither. Importing one that is not installed
 * says which package to add instead of Node's bare "Cannot find package".
 */
import { createError } from '../errors.ts';

/** Whether `error` is the runtime's "this package is not installed", for `pkg`. */
function isMissing(error: unknown, pkg: string): boolean {
  const e = error as { code?: string; message?: string } | undefined;
  return (e?.code === 'ERR_MODULE_NOT_FOUND' || e?.code === 'MODULE_NOT_FOUND') && String(e.message).includes(pkg);
}

/**
 * Runs `load` (a literal `import('pkg')`, kept at the call site so bundlers still see it) and
 * turns a missing package into `MODEL_STACK_MISSING`.
 */
export async function importStack<T>(pkg: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isMissing(error, pkg)) throw createError('MODEL_STACK_MISSING', pkg, { cause: error });
    throw error;
  }
}
