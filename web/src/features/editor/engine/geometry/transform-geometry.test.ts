import { describe, expect, it } from 'vitest';
import { INITIAL_EDIT_STATE, type Transform } from '../edit-state';
import { applyAffine, frameSize, outputSize, outputUvToSourceUv, sourceToFrame } from './transform-geometry';

const source = { width: 400, height: 300 };
const t = (patch: Partial<Transform>): Transform => ({ ...INITIAL_EDIT_STATE.transform, ...patch });
/** Where the output's top-left, top-right and bottom-left corners come from in the source, in pixels. */
const corners = (tr: Transform) => {
  const m = outputUvToSourceUv(source, tr);
  return [
    [0, 0],
    [1, 0],
    [0, 1],
  ].map(([u, v]) =>
    applyAffine(m, u!, v!).map((x, k) => Math.round(x * (k === 0 ? source.width : source.height))),
  );
};

describe('transform geometry', () => {
  it('quarter turns swap the frame sides', () => {
    expect(frameSize(source, 90)).toEqual({ width: 300, height: 400 });
    expect(frameSize(source, 180)).toEqual({ width: 400, height: 300 });
    expect(outputSize(source, t({ rotation: 270 }))).toEqual({ width: 300, height: 400 });
  });

  it('maps output corners to the right source corners for each turn and flip', () => {
    expect(corners(t({}))).toEqual([
      [0, 0],
      [400, 0],
      [0, 300],
    ]);
    // A clockwise turn: the output's top-left is the source's bottom-left.
    expect(corners(t({ rotation: 90 }))).toEqual([
      [0, 300],
      [0, 0],
      [400, 300],
    ]);
    expect(corners(t({ rotation: 180 }))).toEqual([
      [400, 300],
      [0, 300],
      [400, 0],
    ]);
    expect(corners(t({ rotation: 270 }))).toEqual([
      [400, 0],
      [400, 300],
      [0, 0],
    ]);
    expect(corners(t({ flipH: true }))).toEqual([
      [400, 0],
      [0, 0],
      [400, 300],
    ]);
    expect(corners(t({ flipV: true }))).toEqual([
      [0, 300],
      [400, 300],
      [0, 0],
    ]);
    // Flips act on the turned picture, as the user sees it.
    expect(corners(t({ rotation: 90, flipH: true }))).toEqual([
      [0, 0],
      [0, 300],
      [400, 0],
    ]);
  });

  it('lands output pixel centres on source pixel centres when nothing scales', () => {
    const m = outputUvToSourceUv(source, t({}));
    const [u, v] = applyAffine(m, 10.5 / 400, 20.5 / 300);
    expect(u * 400).toBeCloseTo(10.5, 9);
    expect(v * 300).toBeCloseTo(20.5, 9);
  });

  it('crops and straightens about the frame centre', () => {
    const crop = { left: 0.25, top: 0.5, width: 0.5, height: 0.5 };
    expect(corners(t({ crop }))).toEqual([
      [100, 150],
      [300, 150],
      [100, 300],
    ]);
    expect(outputSize(source, t({ crop }))).toEqual({ width: 200, height: 150 });
    const m = outputUvToSourceUv(source, t({ straighten: 30 }));
    const [cu, cv] = applyAffine(m, 0.5, 0.5);
    expect(cu).toBeCloseTo(0.5, 9);
    expect(cv).toBeCloseTo(0.5, 9);
    // A point right of the centre, turned 30° clockwise, came from above-right in the source.
    const [x, y] = sourceToFrame(source, t({ straighten: 30 }), 300, 150);
    expect(x).toBeCloseTo(200 + 100 * Math.cos(Math.PI / 6), 6);
    expect(y).toBeCloseTo(150 + 100 * Math.sin(Math.PI / 6), 6);
  });

  it('uses the resolution as the output size when set', () => {
    expect(outputSize(source, t({ resolution: { width: 1080, height: 1080 } }))).toEqual({
      width: 1080,
      height: 1080,
    });
  });
});
