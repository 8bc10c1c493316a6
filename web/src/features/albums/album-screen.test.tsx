import { ALBUM_PASSWORD_HEADER, PUBLIC_JOB_AUTH_FAILED } from '@nordlys/contract/album';
import { transformAlbumPassword } from '@nordlys/contract/album-password';
import { configureStore } from '@reduxjs/toolkit';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rootReducer } from '../../state/store';
import { sampleAlbum } from './album.test-data';
import { AlbumScreen } from './album-screen.component';
import { AlbumsPage } from './albums-page.component';

const ALBUM_ID = '0f8e2c1a-1111-4222-8333-444455556666';
let right = '';
let seen: (string | null)[] = [];
let albums: unknown[] = [];

beforeEach(async () => {
  right = await transformAlbumPassword('fjord');
  seen = [];
  albums = [];
  sessionStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const headers = (init.headers ?? {}) as Record<string, string>;
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === `/st/4/jobs/${ALBUM_ID}`) {
        const password = headers[ALBUM_PASSWORD_HEADER] ?? null;
        seen.push(password);
        if (password !== right) return json({ error: PUBLIC_JOB_AUTH_FAILED }, 403);
        return json(sampleAlbum({ id: ALBUM_ID, name: 'Lofoten', isShared: true, password_protected: true }));
      }
      if (url.pathname === `/st/4/jobs/${ALBUM_ID}/files`) {
        return headers[ALBUM_PASSWORD_HEADER] === right
          ? json({ files: [] })
          : json({ error: PUBLIC_JOB_AUTH_FAILED }, 403);
      }
      if (url.pathname === '/st/4/jobs') return json({ jobs: albums });
      return json({ error: 'Not Found' }, 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string, element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  render(
    <Provider store={configureStore({ reducer: rootReducer })}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

describe('album wrapper', () => {
  it('asks for the password, says it was wrong, then opens the album with the transformed one', async () => {
    const user = userEvent.setup();
    renderAt('/a/x', <AlbumScreen albumId={ALBUM_ID} visitor account={null} loginGate={<p>gate</p>} />);
    const field = await screen.findByLabelText(/password/i);
    expect(screen.queryByText('Incorrect password. Try again.')).toBeNull();

    await user.type(field, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Open album' }));
    expect(await screen.findByText('Incorrect password. Try again.')).toBeTruthy();

    await user.clear(screen.getByLabelText(/password/i));
    await user.type(screen.getByLabelText(/password/i), 'fjord');
    await user.click(screen.getByRole('button', { name: 'Open album' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lofoten' })).toBeTruthy();

    // Never the typed password on the wire: the first read had none, then two transformed tries.
    expect(seen[0]).toBeNull();
    expect(seen).not.toContain('fjord');
    expect(seen).not.toContain('wrong');
    expect(seen.at(-1)).toBe(right);
    expect(seen.filter((password) => password !== null)).toHaveLength(2);
  });

  it("a visitor gets the comments feature's name setting; a signed-in user does not", async () => {
    for (const visitor of [true, false]) {
      const asked: [string, string | null][] = [];
      const user = userEvent.setup();
      renderAt(
        '/a/x',
        <AlbumScreen
          albumId={ALBUM_ID}
          visitor={visitor}
          account={visitor ? null : { userId: 'u1', isReadOnly: false }}
          loginGate={<p>gate</p>}
          renderVisitorName={(albumId, password) => {
            asked.push([albumId, password]);
            return <button type="button">Your name here</button>;
          }}
        />,
      );
      await user.type(await screen.findByLabelText(/password/i), 'fjord');
      await user.click(screen.getByRole('button', { name: 'Open album' }));
      await screen.findByRole('heading', { level: 1, name: 'Lofoten' });
      expect(screen.queryByRole('button', { name: 'Your name here' }) !== null).toBe(visitor);
      expect(asked.at(-1)).toEqual(visitor ? [ALBUM_ID, right] : undefined);
      cleanup();
      sessionStorage.clear();
    }
  });
});

describe('albums list', () => {
  it('invites the first album and opens the create_album overlay by its name', async () => {
    const user = userEvent.setup();
    const router = renderAt('/albums', <AlbumsPage />);
    await user.click(await screen.findByRole('button', { name: 'Create your first album' }));
    expect(router.state.location.search).toBe('?overlay=create_album');
  });

  it('a read-only account gets the New album button through the gate, disabled, and no invitation', async () => {
    const gated: boolean[] = [];
    renderAt(
      '/albums',
      <AlbumsPage
        readOnly
        renderCreateGate={(button) => {
          gated.push(true);
          return <span data-testid="gate">{button(true)}</span>;
        }}
      />,
    );
    await screen.findByText(/Gather your favourite photos/);
    const newAlbum = screen.getByRole('button', { name: 'New album' }) as HTMLButtonElement;
    expect(newAlbum.disabled).toBe(true);
    expect(newAlbum.closest('[data-testid="gate"]')).not.toBeNull();
    expect(gated.length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Create your first album' })).toBeNull();
  });

  it('shows cards, filters by the albums_filter overlay and searches', async () => {
    albums = [
      sampleAlbum({
        id: '11111111-1111-4111-8111-111111111111',
        name: 'Lofoten',
        isShared: true,
        media_count: 12,
        last_update: 5,
      }),
      sampleAlbum({
        id: '22222222-2222-4222-8222-222222222222',
        name: 'Garden',
        media_count: 1,
        last_update: 9,
      }),
    ];
    const user = userEvent.setup();
    const router = renderAt('/albums', <AlbumsPage />);
    const list = await screen.findByRole('list', { name: 'Albums' });
    expect([...list.querySelectorAll('.album-card__name')].map((node) => node.textContent)).toEqual([
      'Garden',
      'Lofoten',
    ]);
    expect(screen.getByText('12 items')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'All albums' }));
    expect(router.state.location.search).toBe('?overlay=albums_filter');
    await user.click(await screen.findByLabelText('Shared albums'));
    expect(router.state.location.search).toBe('?filter=shared');
    expect(screen.queryByText('Garden')).toBeNull();
    expect(screen.getByText('Lofoten')).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Search albums' }), 'paris');
    expect(screen.getByText('No albums match “paris”.')).toBeTruthy();
  });
});
