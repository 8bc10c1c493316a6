/**
 * Typed domain errors. Services throw these; the HTTP error handler maps each kind to its status code.
 * `message` is the public reason sent as `{ "error": message }`, so it must never carry internals.
 */
export type DomainErrorKind =
  | 'BadRequest'
  | 'Unauthenticated'
  | 'Forbidden'
  | 'NotFound'
  | 'Conflict'
  | 'Gone'
  | 'Unprocessable'
  | 'PaymentRequired'
  | 'OutOfStorage'
  | 'PayloadTooLarge'
  | 'TooManyRequests'
  | 'NotImplemented';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
  ) {
    super(message);
    this.name = `${kind}Error`;
  }
}

export const badRequest = (message: string) => new DomainError('BadRequest', message);
export const unauthenticated = (message = 'Unauthorized') => new DomainError('Unauthenticated', message);
export const forbidden = (message = 'Forbidden') => new DomainError('Forbidden', message);
export const notFound = (message = 'Not found') => new DomainError('NotFound', message);
export const conflict = (message = 'Conflict') => new DomainError('Conflict', message);
export const gone = (message: string) => new DomainError('Gone', message);
/** Well-formed, but the bytes cannot be made into what was asked for (a picture that does not decode). */
export const unprocessable = (message: string) => new DomainError('Unprocessable', message);
/** The card was declined or could not be charged; the message is the payment provider's reason. */
export const paymentFailed = (message: string) => new DomainError('PaymentRequired', message);
export const outOfStorage = (message = 'Out of storage') => new DomainError('OutOfStorage', message);
export const tooManyRequests = (message = 'Too many requests') => new DomainError('TooManyRequests', message);
/** A route the spec names whose feature is not built yet. */
export const notImplemented = (message: string) => new DomainError('NotImplemented', message);

export const STATUS_BY_KIND: Record<DomainErrorKind, number> = {
  BadRequest: 400,
  Unauthenticated: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  Gone: 410,
  Unprocessable: 422,
  PaymentRequired: 402,
  OutOfStorage: 413,
  PayloadTooLarge: 413,
  TooManyRequests: 429,
  NotImplemented: 501,
};
