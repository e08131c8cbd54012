import { describe, expect, it } from 'vitest';
import { AlmanacError as ClientAlmanacError, CLIENT_MESSAGES, clientError } from '../src/client-errors.ts';
import { AlmanacError, ERROR_CODES, createError } from '../src/errors.ts';

describe('clientError', () => {
  it('raises the catalogue\'s own errors: one class, one message, and the cause kept', () => {
    expect(ClientAlmanacError).toBe(AlmanacError);
    const cause = new Error('port closed');
    const e = clientError('WORKER_CRASHED', 'a search', { cause });
    expect(e).toBeInstanceOf(AlmanacError);
    expect(e).toMatchObject({ code: 'WORKER_CRASHED', message: createError('WORKER_CRASHED', 'a search').message, cause });
    expect(clientError('CLOSED').message).toBe(createError('CLOSED').message);
    // Every client code is a code of the catalogue.
    for (const code of Object.keys(CLIENT_MESSAGES)) expect(ERROR_CODES).toContain(code);
  });
});
