/** A non-OK answer from the API. The message is the HTTP status text, as the spec requires. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly statusText: string;
  /** The parsed body: `{ error: string }` from our server, raw text otherwise, undefined when empty. */
  readonly body: unknown;
  readonly url: string;

  constructor(init: { status: number; statusText: string; body: unknown; url: string }) {
    super(init.statusText || `HTTP ${init.status}`);
    this.status = init.status;
    this.statusText = init.statusText;
    this.body = init.body;
    this.url = init.url;
  }

  /** The server's reason string ('public job auth failed', 'Job has been deleted', ...), if any. */
  get reason(): string | undefined {
    if (typeof this.body === 'string') return this.body || undefined;
    if (this.body && typeof this.body === 'object' && 'error' in this.body) {
      const error = (this.body as { error: unknown }).error;
      return typeof error === 'string' ? error : undefined;
    }
    return undefined;
  }

  /** True when the server's reason contains the given contract string. */
  hasReason(fragment: string): boolean {
    return this.reason?.includes(fragment) ?? false;
  }
}

/** The request never got an answer (offline, DNS, CORS, connection reset). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'Network request failed', { cause });
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
export const isNetworkError = (error: unknown): error is NetworkError => error instanceof NetworkError;
export const isAbortError = (error: unknown): boolean =>
  error instanceof DOMException
    ? error.name === 'AbortError'
    : (error as Error | null)?.name === 'AbortError';
