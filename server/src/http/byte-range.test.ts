import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRange } from './byte-range';

describe('parseRange', () => {
  it('reads the usual forms', () => {
    expect(parseRange(undefined, 100)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=10-19', 100)).toEqual({ kind: 'partial', start: 10, end: 19 });
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseRange('bytes=-5', 100)).toEqual({ kind: 'partial', start: 95, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ kind: 'partial', start: 0, end: 99 });
  });

  it('clamps an end past the last byte (the client asks for the first 5,000,000 bytes)', () => {
    expect(parseRange('bytes=0-4999999', 51229)).toEqual({ kind: 'partial', start: 0, end: 51228 });
  });

  it('reports ranges that select nothing as unsatisfiable', () => {
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=999999999-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=99999999999999999999999-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores what it does not understand and serves the whole body', () => {
    for (const header of ['items=0-1', 'bytes=', 'bytes=-', 'bytes=5-1', 'bytes=0-1,5-6', 'bytes=a-b']) {
      expect(parseRange(header, 100)).toEqual({ kind: 'full' });
    }
  });

  it('never selects bytes outside the body', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.option(fc.nat(20_000)), fc.option(fc.nat(20_000)), (size, a, b) => {
        const header = `bytes=${a ?? ''}-${b ?? ''}`;
        const result = parseRange(header, size);
        if (result.kind === 'partial') {
          expect(result.start).toBeGreaterThanOrEqual(0);
          expect(result.end).toBeLessThan(size);
          expect(result.start).toBeLessThanOrEqual(result.end);
        }
      }),
    );
  });
});
