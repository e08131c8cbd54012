/**
 * {@link AlmanacError}, and the errors a page's side of Almanac raises on its own, where no
 * engine runs: the engine worker's client (`engine/remote.ts`) when the worker does not start,
 * stops, or the instance is closed, and a caller's abort. They are part of the catalogue
 * (`errors.ts`), which spreads them into its table; they live apart so that the one-tag embed's
 * element downloads these four messages, not every message of the engine (issue 13's budget:
 * the worker has the whole catalogue).
 */
import type { ErrorCode } from './errors.ts';

/** The one error type Almanac throws. `code` is stable; `message` says what to do. */
export class AlmanacError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AlmanacError';
    this.code = code;
  }
}

export const CLIENT_MESSAGES = {
  INVALID_OPTION: (name: string, why: string) => `Option "${name}" is invalid: ${why}.`,
  ABORTED: (what: string) => `${what} was aborted.`,
  WORKER_CRASHED: (what: string) => `The engine worker stopped (it crashed or was terminated) during ${what}. It restarts from the corpus stored on this device; what was stored before is kept. Try again in a moment.`,
  CLOSED: () => 'This Almanac instance is closed. Create a new one with createAlmanac().',
} as const;

type Messages = Readonly<Record<string, (...args: never[]) => string>>;

/** The error of `code` with its message from `messages`, its arguments, then `{ cause }` when given. */
export function errorFrom(messages: Messages, code: ErrorCode, args: readonly unknown[]): AlmanacError {
  const fn = messages[code] as (...a: unknown[]) => string;
  const arity = fn.length;
  const maybeOptions = args[arity] as { cause?: unknown } | undefined;
  return new AlmanacError(code, fn(...args.slice(0, arity)), maybeOptions);
}

/** Builds an {@link AlmanacError} of the page's side with its catalogue message (see `createError`). */
export function clientError<C extends keyof typeof CLIENT_MESSAGES>(
  code: C,
  ...args: [...Parameters<(typeof CLIENT_MESSAGES)[C]>, ...([] | [{ cause?: unknown }])]
): AlmanacError {
  return errorFrom(CLIENT_MESSAGES, code, args);
}
