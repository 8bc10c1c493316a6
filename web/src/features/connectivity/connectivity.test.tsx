import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../api/client';
import { createAppStore } from '../../state/store';
import { selectIsOnline } from './connectivity.slice';
import { ConnectivityBanner } from './connectivity-banner.component';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(fail: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      if (fail) throw new TypeError('Failed to fetch');
      return new Response('{}', { status: 200 });
    }),
  );
}

describe('ConnectivityBanner', () => {
  it('shows "No Internet connection" after a failed request and hides it after the next answer', async () => {
    const store = createAppStore();
    render(
      <Provider store={store}>
        <ConnectivityBanner />
      </Provider>,
    );
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');

    stubFetch(true);
    await act(() => apiRequest('/jobs').catch(() => undefined));
    expect(selectIsOnline(store.getState() as never)).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('No Internet connection');

    stubFetch(false);
    await act(() => apiRequest('/jobs'));
    expect(selectIsOnline(store.getState() as never)).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('goes offline as soon as the browser reports it', () => {
    const store = createAppStore();
    render(
      <Provider store={store}>
        <ConnectivityBanner />
      </Provider>,
    );
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('status').textContent).toBe('No Internet connection');
  });
});
