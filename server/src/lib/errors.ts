/** What kind of expected failure a service reports; the error handler maps each to one status. */
export type DomainErrorKind =
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'too_large'
  | 'invalid'
  | 'too_many'
  | 'upstream_failed'
  | 'unavailable';

export const statusOfKind: Record<DomainErrorKind, number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  too_large: 413,
  invalid: 422,
  too_many: 429,
  upstream_failed: 502,
  unavailable: 503,
};

export type FieldErrors = Record<string, string[]>;

/**
 * An expected business failure (out of stock, not yours, bad state). Services throw it; the one
 * error handler turns it into `{ message, errors?, ...extra }` with the kind's status code.
 */
export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  readonly errors?: FieldErrors;
  readonly extra?: Record<string, unknown>;

  constructor(
    kind: DomainErrorKind,
    message: string,
    options: {
      errors?: FieldErrors;
      extra?: Record<string, unknown>;
      /**
       * false: no stack trace is captured, for a refusal that is answered and never logged (a
       * sold item's, refused to most of a crowd): capturing one walks the awaiting callers.
       */
      stack?: false;
    } = {},
  ) {
    const stackTraceLimit = Error.stackTraceLimit;
    if (options.stack === false) Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = 'DomainError';
    this.kind = kind;
    this.errors = options.errors;
    this.extra = options.extra;
  }

  get statusCode(): number {
    return statusOfKind[this.kind];
  }
}

export const notFound = (message = 'Not found.') => new DomainError('not_found', message);
export const forbidden = (message = 'Forbidden.') => new DomainError('forbidden', message);
export const unauthenticated = (message = 'Unauthenticated.') => new DomainError('unauthenticated', message);
export const conflict = (message: string) => new DomainError('conflict', message);

/** A 422 for one field, shaped like a validation error: `{ message, errors: { field: [message] } }`. */
export function invalidField(field: string, message: string): DomainError {
  return new DomainError('invalid', message, { errors: { [field]: [message] } });
}

/**
 * A 502: a service we call (the payment provider) failed. The reply also carries the message as
 * `error`, the field the payment calls have always answered with.
 */
export function upstreamFailed(message: string): DomainError {
  return new DomainError('upstream_failed', message, { extra: { error: message } });
}
