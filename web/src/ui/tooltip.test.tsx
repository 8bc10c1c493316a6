import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { TOOLTIP_DELAY_MS, Tooltip } from './tooltip';

beforeEach(() => {
  vi.useFakeTimers();
  // jsdom has no ResizeObserver; Radix's popper measures the arrow with it.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

// Radix starts its delay on a mouse pointermove and closes on pointerleave.
const hover = (element: Element) => fireEvent.pointerMove(element, { pointerType: 'mouse' });
const unhover = (element: Element) => fireEvent.pointerLeave(element, { pointerType: 'mouse' });
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Tooltip', () => {
  it('opens only after 500 ms of hovering and describes the trigger', async () => {
    render(
      <Tooltip content="Subscribe to upload">
        <Button>Upload</Button>
      </Tooltip>,
    );
    const trigger = screen.getByRole('button', { name: 'Upload' });
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
    const trigger = screen.getByRole('button', { name: 'Target' });
    hover(trigger);
    act(() => vi.advanceTimersByTime(300));
    unhover(trigger);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
