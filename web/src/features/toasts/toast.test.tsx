import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../state/store';
import { selectHasPendingToast, selectToasts } from './toast.slice';
import { dismissToast, resolveToast, showToast } from './toast.thunks';
import { ToastHost } from './toast-host.component';

function setup() {
  const store = createAppStore();
  render(
    <Provider store={store}>
      <ToastHost />
    </Provider>,
  );
  return store;
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const toastEl = (type: string) => document.querySelector(`[data-toast-type="${type}"]`);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('toast lifecycle', () => {
  it('shows a status toast for 4 s, fades for 0.3 s, then removes it', () => {
    const store = setup();
    act(() => {
      store.dispatch(showToast({ type: 'filesDeleted', params: { count: 3 } }));
    });
    const toast = screen.getByRole('status');
    expect(toast.textContent).toContain('3 files deleted');

    advance(3999);
    expect(toastEl('filesDeleted')?.className).not.toContain('toast--leaving');
    advance(1);
    expect(toastEl('filesDeleted')?.className).toContain('toast--leaving');
    advance(299);
    expect(toastEl('filesDeleted')).not.toBeNull();
    advance(1);
    expect(toastEl('filesDeleted')).toBeNull();
    expect(selectToasts(store.getState() as never)).toEqual([]);
  });

  it('keeps an album-copy failure for 5.5 s and shows it as an alert', () => {
    const store = setup();
    act(() => {
      store.dispatch(showToast({ type: 'jobCopiedToTimelineFailed' }));
    });
    const alert = screen.getByRole('alert');
    expect(alert.className).toContain('toast--error');
    expect(alert.textContent).toContain("Couldn't add the album to your timeline");
    advance(5499);
    expect(toastEl('jobCopiedToTimelineFailed')?.className).not.toContain('toast--leaving');
    advance(1);
    expect(toastEl('jobCopiedToTimelineFailed')?.className).toContain('toast--leaving');
    advance(300);
    expect(toastEl('jobCopiedToTimelineFailed')).toBeNull();
  });

  it('stacks toasts and dismisses each on its own clock', () => {
    const store = setup();
    act(() => {
      store.dispatch(showToast({ type: 'linkWasCopied' }));
    });
    advance(2000);
    act(() => {
      store.dispatch(showToast({ type: 'changesSaved' }));
    });
    expect(screen.getAllByRole('status')).toHaveLength(2);
    advance(2300);
    expect(screen.getAllByRole('status').map((el) => el.dataset.toastType)).toEqual(['changesSaved']);
  });

  it('runs the action callback (Undo) once and closes the toast', () => {
    const store = setup();
    const undo = vi.fn();
    act(() => {
      store.dispatch(
        showToast({ type: 'filesDeleted', params: { count: 1 }, action: { label: 'undo', onClick: undo } }),
      );
    });
    expect(JSON.stringify(store.getState())).toContain('toast-action-');
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledTimes(1);
    expect(toastEl('filesDeleted')?.className).toContain('toast--leaving');
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledTimes(1);
  });

  it('closes from the dismiss button', () => {
    const store = setup();
    act(() => {
      store.dispatch(showToast({ type: 'albumChangedToPrivate' }));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    advance(300);
    expect(toastEl('albumChangedToPrivate')).toBeNull();
  });

  it('shows a unique toast only once at a time', () => {
    const store = setup();
    act(() => {
      store.dispatch(showToast({ type: 'maxSelectionCountReached' }));
      store.dispatch(showToast({ type: 'maxSelectionCountReached' }));
    });
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });
});

describe('pending toasts', () => {
  it('stay until resolved, warn before leaving the page, then behave like a normal toast', () => {
    const store = setup();
    let id = '';
    act(() => {
      id = store.dispatch(showToast({ type: 'deletingFiles', params: { count: 2 } }));
    });
    expect(screen.getByRole('status').textContent).toContain('Deleting 2 files…');
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
    advance(60_000);
    expect(toastEl('deletingFiles')).not.toBeNull();
    expect(selectHasPendingToast(store.getState() as never)).toBe(true);

    const leaving = new Event('beforeunload', { cancelable: true }) as BeforeUnloadEvent;
    // jsdom's Event.returnValue is the legacy boolean; a real BeforeUnloadEvent takes the message string.
    Object.defineProperty(leaving, 'returnValue', { value: '', writable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);
    expect(leaving.returnValue).toBe('Changes might be lost');

    act(() => {
      store.dispatch(resolveToast(id, { type: 'filesDeleted', params: { count: 2 } }));
    });
    expect(screen.getByRole('status').textContent).toContain('2 files deleted');
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);

    advance(4300);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('can be dismissed when the work is abandoned', () => {
    const store = setup();
    let id = '';
    act(() => {
      id = store.dispatch(showToast({ type: 'preparingDownload' }));
    });
    act(() => {
      store.dispatch(dismissToast(id));
    });
    advance(300);
    expect(toastEl('preparingDownload')).toBeNull();
  });
});
