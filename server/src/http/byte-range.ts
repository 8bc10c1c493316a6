/**
 * The `Range` request header (RFC 9110 §14) against a known size. Pure, so every edge is
 * unit-tested without a server.
 *
 * - `full`: no usable range (absent, not `bytes=`, malformed, or several ranges, which we may
 *   answer with the whole representation rather than multipart/byteranges).
 * - `partial`: one satisfiable range, `end` inclusive and clamped to the last byte.
 * - `unsatisfiable`: a well-formed range that selects nothing (416 with `bytes *\/size`).
 */
export type RangeResult =
  | { kind: 'full' }
  | { kind: 'partial'; start: number; end: number }
  | { kind: 'unsatisfiable' };

const SINGLE = /^bytes=(\d*)-(\d*)$/;

export function parseRange(header: string | undefined, size: number): RangeResult {
  if (header === undefined) return { kind: 'full' };
  const match = SINGLE.exec(header.trim());
  if (!match) return { kind: 'full' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'full' };

  if (first === '') {
    // Suffix range: the last N bytes.
    const length = Number(last);
    if (!Number.isSafeInteger(length)) return { kind: 'full' };
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }

  const start = Number(first);
  // A start too large for a safe integer is still a well-formed range, and past any real end.
  if (!Number.isSafeInteger(start)) return { kind: 'unsatisfiable' };
  const end = last === '' || !Number.isSafeInteger(Number(last)) ? size - 1 : Number(last);
  if (start >= size) return { kind: 'unsatisfiable' };
  if (end < start) return { kind: 'full' };
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}
