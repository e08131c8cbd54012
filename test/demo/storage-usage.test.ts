import { describe, expect, it } from 'vitest';
import { freeBytes, isQuotaError, modelIdOf, quotaAdvice, storageAdvice } from '../../demo/storage-usage.ts';
import { AlmanacError } from '../../src/errors.ts';

describe('storage usage', () => {
  it('names the model a cached file belongs to', () => {
    expect(modelIdOf('/models/synthetic/bert-tiny-embedder/onnx/model.onnx')).toBe('synthetic/bert-tiny-embedder');
    expect(modelIdOf('/models/Xenova/all-MiniLM-L6-v2/tokenizer.json')).toBe('Xenova/all-MiniLM-L6-v2');
    expect(modelIdOf('/app/models/x/config.json', '/app/')).toBe('x');
    expect(modelIdOf('/models/manifest.json')).toBeUndefined();
    expect(modelIdOf('/assets/index.js')).toBeUndefined();
  });

  it('tells a quota error from other failures, through the engine\'s error too', () => {
    expect(isQuotaError(Object.assign(new Error(''), { name: 'QuotaExceededError' }))).toBe(true);
    expect(isQuotaError(new AlmanacError('STORAGE_FAILED', 'Storage failed: QuotaExceededError. The corpus in memory is intact'))).toBe(true);
    expect(isQuotaError(new AlmanacError('STORAGE_FAILED', 'Storage failed: AbortError'))).toBe(false);
    expect(isQuotaError(new AlmanacError('EMPTY_DOCUMENT', 'Document "a" has no text'))).toBe(false);
  });

  it('says what to delete, with the figures, and promises only what holds', () => {
    const usage = { used: 100e6, quota: 101e6, corpus: 3e6, models: [{ id: 'm', bytes: 90 * 1024 * 1024, files: 4 }] };
    expect(freeBytes(usage)).toBe(1e6);
    const advice = quotaAdvice(usage);
    expect(advice).toMatch(/^Storage for Almanac is full \(95\.4 MB of the 96\.3 MB this browser allows Almanac\)\. Nothing already stored was lost\./);
    expect(advice).toContain('delete downloaded models (90.0 MB) or remove documents you no longer need (documents take 2.9 MB) in Storage');
    // Another storage failure (a full disk closes the database) does not promise that nothing was lost.
    const other = storageAdvice(new AlmanacError('STORAGE_FAILED', "Failed to execute 'transaction' on 'IDBDatabase': The database connection is closing."), usage);
    expect(other).toMatch(/^Almanac could not write to this device's storage; the usual cause is a full disk\./);
    expect(other).not.toContain('Nothing already stored was lost');
    expect(storageAdvice(new AlmanacError('EMPTY_DOCUMENT', 'no text'), usage)).toBeUndefined();
  });
});
