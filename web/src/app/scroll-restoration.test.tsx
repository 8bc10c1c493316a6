import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollRestoration } from './scroll-restoration.component';

const scrolledTo = (y: number) => {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
};

afterEach(() => {
  vi.restoreAllMocks();
  scrolledTo(0);
});

describe('scroll restoration', () => {
  it('starts a new page at the top and brings back the position on Back', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const page = { element: <ScrollRestoration /> };
    const router = createMemoryRouter([
      { path: '/help', ...page },
      { path: '/settings', ...page },
    ]);
    await act(() => router.navigate('/help'));
    render(<RouterProvider router={router} />);
    act(() => scrolledTo(640));

    scrollTo.mockClear();
    await act(() => router.navigate('/settings'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    act(() => scrolledTo(80));
    await act(() => router.navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
  });
});
