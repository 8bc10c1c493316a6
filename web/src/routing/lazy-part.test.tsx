import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPart, usePartReady } from './lazy-part';
import { PRELOAD_ERROR_EVENT, type PreloadErrorEvent } from './preload-error.events';

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{String(this.state.error)}</p> : this.props.children;
  }
}

afterEach(() => vi.restoreAllMocks());

describe('lazyPart', () => {
  it('fetches the part once, on preload or first render', async () => {
    const load = vi.fn(async () => ({ text }: { text: string }) => <p>{text}</p>);
    const Part = lazyPart(load);
    await Part.preload();
    render(
      <Suspense fallback={null}>
        <Part text="loaded" />
      </Suspense>,
    );
    expect(await screen.findByText('loaded')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('draws a part whose code is in at once, never its fallback', async () => {
    const Part = lazyPart(async () => ({ text }: { text: string }) => <p>{text}</p>);
    await Part.preload();
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Part text="loaded" />
      </Suspense>,
    );
    expect(screen.queryByText('waiting')).toBeNull();
    expect(screen.getByText('loaded')).toBeTruthy();
  });

  it('usePartReady says when the code is in, downloading it, so a screen need not suspend', async () => {
    const load = vi.fn(async () => ({ text }: { text: string }) => <p>{text}</p>);
    const Part = lazyPart(load);
    function Screen() {
      const ready = usePartReady(Part);
      return ready ? <Part text="loaded" /> : <p>not yet</p>;
    }
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('not yet')).toBeTruthy();
    expect(await screen.findByText('loaded')).toBeTruthy();
    expect(screen.queryByText('waiting')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('raises preload-error and rethrows a failed import to the error boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = new TypeError('Failed to fetch dynamically imported module');
    const Part = lazyPart<object>(() => Promise.reject(failure));
    const raised: unknown[] = [];
    const listener = (event: Event) => raised.push((event as PreloadErrorEvent).detail.error);
    window.addEventListener(PRELOAD_ERROR_EVENT, listener);
    try {
      // A preload never rejects: the failure surfaces where the part is drawn.
      await expect(Part.preload()).resolves.toBeUndefined();
      render(
        <Boundary>
          <Suspense fallback={null}>
            <Part />
          </Suspense>
        </Boundary>,
      );
      expect((await screen.findByRole('alert')).textContent).toBe(String(failure));
    } finally {
      window.removeEventListener(PRELOAD_ERROR_EVENT, listener);
    }
    await act(async () => {});
    expect(raised).toEqual([failure]);
  });
});
