import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubResizeObserver } from '../test/resize-observer';
import { Button } from './button';
import { TOOLTIP_DELAY_MS, Tooltip } from './tooltip';

beforeEach(() => {
  stubResizeObserver();
});

// Radix starts its delay on a mouse pointermove and closes on pointerleave.
const hover = (element: Element) => fireEvent.pointerMove(element, { pointerType: 'mouse' });
const unhover = (element: Element) => fireEvent.pointerLeave(element, { pointerType: 'mouse' });
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The tooltip layer arrives after the first draw (Radix marks its trigger); the delays are timed from then. */
async function triggerNamed(name: string): Promise<HTMLElement> {
  await waitFor(() => expect(screen.getByRole('button', { name }).dataset.state).toBe('closed'));
  vi.useFakeTimers();
  return screen.getByRole('button', { name });
}

describe('Tooltip', () => {
  it('keeps the focus on its element when the tooltip layer arrives, and shows the tooltip', async () => {
    vi.resetModules();
    const fresh = await import('./tooltip');
    render(
      <fresh.Tooltip content="Subscribe to upload">
        <Button>Upload</Button>
      </fresh.Tooltip>,
    );
    const drawnAlone = screen.getByRole('button', { name: 'Upload' });
    expect(drawnAlone.dataset.state).toBeUndefined();
    act(() => drawnAlone.focus());
    const tooltip = await screen.findByRole('tooltip');
    const trigger = screen.getByRole('button', { name: 'Upload' });
    expect(document.activeElement).toBe(trigger);
    expect(trigger.getAttribute('aria-describedby')).toBe(tooltip.id);
  });

  it('opens only after 500 ms of hovering and describes the trigger', async () => {
    render(
      <Tooltip content="Subscribe to upload">
        <Button>Upload</Button>
      </Tooltip>,
    );
    const trigger = await triggerNamed('Upload');
    hover(trigger);
    expect(TOOLTIP_DELAY_MS).toBe(500);

    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 50));
    expect(screen.queryByRole('tooltip')).toBeNull();

    act(() => vi.advanceTimersByTime(60));
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip.textContent).toBe('Subscribe to upload');
    expect(trigger.getAttribute('aria-describedby')).toBe(tooltip.id);

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('does not open when the pointer leaves before the delay', async () => {
    render(
      <Tooltip content="Hint">
        <Button>Target</Button>
      </Tooltip>,
    );
    const trigger = await triggerNamed('Target');
    hover(trigger);
    act(() => vi.advanceTimersByTime(300));
    unhover(trigger);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
