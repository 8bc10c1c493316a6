import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useReducer, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { canUndo, createHistory, historyReducer, undo } from '../edit-history';
import type { TabProps } from '../editor-controls';
import type { EditState } from '../engine/edit-state';
import { AdjustmentsTab } from './adjustments-tab';
import { LibraryTab } from './library-tab';
import { OverlaysTab } from './overlays-tab';
import { StickersTab } from './stickers-tab';
import { type CropChoice, FREE_CROP, TransformTab } from './transform-tab';

const SOURCE = { width: 1600, height: 1200 };
let latest = createHistory();

/** A tab over the real history, as the editor view drives it. */
function Harness({ tab, initial }: { tab: (props: TabProps) => React.ReactNode; initial?: EditState }) {
  const [history, dispatch] = useReducer(historyReducer, undefined, () => createHistory(initial));
  latest = history;
  const props: TabProps = {
    state: history.present,
    change: (next, group) =>
      dispatch(
        typeof next === 'function' ? { type: 'apply', update: next, group } : { type: 'commit', next, group },
      ),
    endGesture: () => dispatch({ type: 'endGroup' }),
  };
  return <>{tab(props)}</>;
}

function TransformHarness(props: TabProps) {
  const [choice, setChoice] = useState<CropChoice>(FREE_CROP);
  return <TransformTab {...props} source={SOURCE} choice={choice} onChoice={setChoice} />;
}

describe('editor tabs', () => {
  it('adjustments: twelve labelled sliders; a drag is one undo step; reset puts all back', async () => {
    render(<Harness tab={(props) => <AdjustmentsTab {...props} />} />);
    expect(screen.getAllByRole('slider')).toHaveLength(12);
    const brightness = screen.getByRole('slider', { name: 'Brightness' });
    // A drag sends an input event per step (the change event comes once, at the end).
    for (const value of ['0.1', '0.2', '0.3']) fireEvent.input(brightness, { target: { value } });
    fireEvent.pointerUp(brightness);
    expect(latest.present.adjustments.brightness).toBe(0.3);
    expect(latest.past).toHaveLength(1);
    expect(undo(latest).present.adjustments.brightness).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Reset adjustments' }));
    expect(latest.present.adjustments.brightness).toBe(0);
    expect(screen.getByRole('button', { name: 'Reset adjustments' })).toHaveProperty('disabled', true);
  });

  it('transform: the square ratio fits the largest square and the crop-area fields show it', async () => {
    render(<Harness tab={(props) => <TransformHarness {...props} />} />);
    await userEvent.click(screen.getByRole('button', { name: 'Square' }));
    expect(screen.getByRole('button', { name: 'Square' }).getAttribute('aria-pressed')).toBe('true');
    const [width] = screen.getAllByRole('spinbutton', { name: 'Width' });
    expect((width as HTMLInputElement).value).toBe('1200');
    expect((screen.getByRole('spinbutton', { name: 'Left' }) as HTMLInputElement).value).toBe('200');

    // A typed left edge moves the crop; one beyond the photo is pulled back in.
    const left = screen.getByRole('spinbutton', { name: 'Left' });
    await userEvent.clear(left);
    await userEvent.type(left, '900{Enter}');
    expect((screen.getByRole('spinbutton', { name: 'Left' }) as HTMLInputElement).value).toBe('400');
  });

  it('transform: a platform preset sets its resolution; a quarter turn swaps the sides', async () => {
    render(<Harness tab={(props) => <TransformHarness {...props} />} />);
    await userEvent.click(screen.getByRole('button', { name: /Cover\s*820×312/ }));
    expect(latest.present.transform.resolution).toEqual({ width: 820, height: 312 });
    await userEvent.click(screen.getByRole('button', { name: 'Rotate right' }));
    expect(latest.present.transform.rotation).toBe(90);
    expect(latest.present.transform.resolution).toEqual({ width: 312, height: 820 });
    await userEvent.click(screen.getByRole('button', { name: 'Flip horizontally' }));
    expect(latest.present.transform.flipH).toBe(true);
    expect(canUndo(latest)).toBe(true);
  });

  it('overlays: asks for an image first, then offers the nine blend modes and opacity', async () => {
    let opened = 0;
    const { unmount } = render(
      <Harness tab={(props) => <OverlaysTab {...props} onOpenLibrary={() => opened++} />} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Pick an image' }));
    expect(opened).toBe(1);
    unmount();
    render(
      <Harness
        initial={{
          ...latest.initial,
          overlay: { src: 'data:image/png;base64,', blend: 'normal', opacity: 0.5 },
        }}
        tab={(props) => <OverlaysTab {...props} onOpenLibrary={() => opened++} />}
      />,
    );
    const modes = screen.getByRole('group', { name: 'Blend mode' });
    expect(modes.querySelectorAll('button')).toHaveLength(9);
    await userEvent.click(screen.getByRole('button', { name: 'Color Burn' }));
    expect(latest.present.overlay?.blend).toBe('colorBurn');
    await userEvent.click(screen.getByRole('button', { name: 'Remove overlay' }));
    expect(latest.present.overlay).toBeNull();
  });

  it('stickers: adding one selects it; delete takes it away', async () => {
    function StickersHarness(props: TabProps) {
      const [selected, setSelected] = useState<string | null>(null);
      return <StickersTab {...props} selectedId={selected} onSelect={setSelected} />;
    }
    render(<Harness tab={(props) => <StickersHarness {...props} />} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add sticker: Star' }));
    expect(latest.present.layers).toMatchObject([{ kind: 'sticker', stickerId: 'star' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(latest.present.layers).toEqual([]);
  });

  describe('library', () => {
    afterEach(() => {
      Reflect.deleteProperty(navigator, 'mediaDevices');
    });

    it('a camera that cannot be opened is reported (no camera can run here, so the browser refuses)', async () => {
      Object.defineProperty(navigator, 'mediaDevices', {
        configurable: true,
        value: {
          getUserMedia: () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')),
        },
      });
      let unavailable = 0;
      const picked: string[] = [];
      render(<LibraryTab onPick={(src) => picked.push(src)} onWebcamUnavailable={() => unavailable++} />);
      await userEvent.click(screen.getByRole('button', { name: 'Take a photo with the camera' }));
      await expect.poll(() => unavailable).toBe(1);
      expect(screen.queryByRole('dialog', { name: 'Take a photo' })).toBeNull();
      expect(picked).toEqual([]);
    });

    it('offers no camera where the browser has none', () => {
      render(<LibraryTab onPick={() => undefined} onWebcamUnavailable={() => undefined} />);
      expect(screen.queryByRole('button', { name: 'Take a photo with the camera' })).toBeNull();
      expect(screen.getByText('Choose an image')).toBeTruthy();
    });
  });
});
