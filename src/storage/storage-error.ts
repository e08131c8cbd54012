import { AlmanacError, createError } from '../errors.ts';

/**
 * What a storage failure was, in words a person can act on: the `DOMException`'s name and
 * message together ("QuotaExceededError: The quota has been exceeded."), since either alone
 * can be blank (Chromium's quota errors often have no message at all).
 */
export function describeStorageError(err: unknown): string {
  if (err instanceof AlmanacError) return err.message;
  const e = err as { name?: unknown; message?: unknown } | undefined;
  const name = typeof e?.name === 'string' && e.name !== 'Error' ? e.name : '';
  const message = typeof e?.message === 'string' ? e.message.trim() : '';
  if (name && message) return `${name}: ${message}`;
  return name || message || String(err) || 'unknown error';
}

/** Whether a storage failure means the disk (or the site's quota) is full. */
export function isQuotaError(err: unknown): boolean {
  const e = err as { name?: unknown; message?: unknown; code?: unknown } | undefined;
  if (e instanceof AlmanacError) return e.code === 'STORAGE_FULL';
  return e?.name === 'QuotaExceededError' || (typeof e?.message === 'string' && /quota|disk (is )?full|no space left/i.test(e.message));
}

/**
 * A storage failure as the catalogue's error: `STORAGE_FULL` for a quota error, else
 * `STORAGE_FAILED`, with what was being done and the original error as `cause`.
 */
export function storageError(err: unknown, doing: string): AlmanacError {
  if (err instanceof AlmanacError) return err;
  const why = `${doing}: ${describeStorageError(err)}`;
  return isQuotaError(err) ? createError('STORAGE_FULL', why, { cause: err }) : createError('STORAGE_FAILED', why, { cause: err });
}
