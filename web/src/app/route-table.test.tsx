import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchRoutes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleAccount } from '../test/account.test-data';
import { MISSING_ALBUM_PARAMS } from './album-params';
import { ROUTE_TABLE } from './route-table';
import { FEATURE_SCREENS } from './screen-registry';
import { renderAppAt } from './test-utils';

const routes = ROUTE_TABLE.map((entry) => ({ path: entry.path, entry }));
const screenFor = (path: string): string | undefined => matchRoutes(routes, path)?.at(-1)?.route.entry.screen;

// One concrete URL per row of the route tables in core.md §2 and account.md §2.
const SPEC_ROUTES: [string, string][] = [
  ['/', 'start'],
  ['/photos', 'timeline'],
  ['/photos/file-1', 'timelineCarousel'],
  ['/albums', 'albums'],
  ['/albums/AbC-_12', 'album'],
  ['/albums/AbC-_12/edit/album', 'albumEdit'],
  ['/albums/AbC-_12/edit/addPhotos', 'albumAddFromTimeline'],
  ['/a/AbC-_12', 'publicAlbum'],
  ['/a/AbC-_12/createNew', 'createAlbumGate'],
  ['/a/AbC-_12/subscribe', 'subscribeAlbumGate'],
  ['/a/AbC-_12/copyAlbum', 'copyAlbumGate'],
  ['/a/AbC-_12/file-1/copyAlbum', 'copyAlbumFileGate'],
  ['/share/s1', 'shareReceiver'],
  ['/share/s1/copyShare', 'copyShareGate'],
  ['/carousel/AbC-_12/file-1', 'albumCarousel'],
  ['/albumImage/AbC-_12/file-1', 'albumImage'],
  ['/comments/AbC-_12/file-1', 'comments'],
  ['/addPhotos/AbC-_12', 'addPhotos'],
  ['/selectPhotos', 'selectPhotos'],
  ['/selectPhotos/42', 'selectPhotosDone'],
  ['/selectProfilePicture', 'selectProfilePicture'],
  ['/deleted_items', 'trash'],
  ['/deleted_items/photos', 'trashPhotos'],
  ['/deleted_items/albums', 'trashAlbums'],
  ['/_from_inside_app/deleted_items', 'trash'],
  ['/_from_inside_app/deleted_items/photos', 'trashPhotos'],
  ['/_from_inside_app/deleted_items/albums', 'trashAlbums'],
  ['/_from_inside_app/settings/privacy', 'privacy'],
  ['/documents', 'documents'],
  ['/settings', 'settings'],
  ['/settings/privacy', 'privacy'],
  ['/settings/takeout', 'takeout'],
  ['/settings/unsubscribe', 'unsubscribe'],
  ['/settings/storage', 'storage'],
  ['/settings/devices', 'devices'],
  ['/settings/testFlags', 'testFlags'],
  ['/settings/debug', 'debug'],
  ['/settings/_advanced', 'advanced'],
  ['/emailSettings', 'emailSettings'],
  ['/help', 'help'],
  ['/login', 'login'],
  ['/login/callback', 'loginCallback'],
  ['/error/user_disabled', 'error'],
  ['/error/500', 'error'],
];

describe('route table', () => {
  it.each(SPEC_ROUTES)('%s resolves to %s', (path, screen) => {
    expect(screenFor(path)).toBe(screen);
  });

  it.each(['/nonexistent', '/photos/a/b', '/settings/nope', '/_from_inside_app/photos'])(
    'sends unknown path %s to page not found',
    (path) => {
      expect(screenFor(path)).toBe('notFound');
    },
  );

  it('marks every route with an album id param as needing album params', () => {
    for (const entry of ROUTE_TABLE) {
      expect(entry.needsAlbum === true, entry.path).toBe(entry.path.includes(':albumIDB64'));
    }
  });

  it('gives every screen its own id', () => {
    const webRoutes = ROUTE_TABLE.filter((entry) => !entry.inApp);
    expect(new Set(webRoutes.map((entry) => entry.screen)).size).toBe(webRoutes.length);
  });

  it("lists each feature's screens under that feature, each with its screen", () => {
    for (const [feature, routes] of Object.entries(FEATURE_SCREENS)) {
      for (const route of routes) {
        expect(route.feature, route.path).toBe(feature);
        expect(route.Component, route.path).toBeTypeOf('function');
      }
    }
  });

  it('composes every feature screens module', () => {
    const modules = Object.keys(import.meta.glob('../features/*/*.screens.tsx'));
    const features = modules.map((path) => /features\/([^/]+)\//.exec(path)?.[1]);
    expect(features.sort()).toEqual(Object.keys(FEATURE_SCREENS).sort());
  });

  it('has a translated title for every screen in every locale', async () => {
    const { default: i18next } = await import('i18next');
    for (const lng of ['nb_NO', 'en_US', 'sv_SE', 'bg_BG']) {
      for (const entry of ROUTE_TABLE) {
        expect(i18next.exists(entry.titleKey, { lng, fallbackLng: false }), `${lng} ${entry.titleKey}`).toBe(
          true,
        );
      }
    }
  });
});

describe('rendered screens', () => {
  afterEach(() => vi.restoreAllMocks());

  it('titles the tab after the screen', async () => {
    renderAppAt('/settings/storage', undefined, { account: sampleAccount() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Storage and subscription' })).toBeTruthy();
    expect(document.title).toBe('Storage and subscription · Nordlys Cloud');
  });

  it("describes the page for search results and link previews: a screen's own words, else the pitch", async () => {
    const meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
    try {
      const first = renderAppAt('/settings/storage', undefined, { account: sampleAccount() });
      expect(await screen.findByRole('heading', { level: 1, name: 'Storage and subscription' })).toBeTruthy();
      expect(meta.content).toBe(
        'Every photo, video and document you care about, backed up and beautifully organised in one calm place.',
      );
      first.unmount();
      renderAppAt('/share/AAAAAAAAAAAAAAAAAAAAAA');
      await waitFor(() => expect(document.title).toBe('Shared with you · Nordlys Cloud'));
      expect(meta.content).toBe(
        'Photos and files shared with you: look through them, download them or add them to your own photos.',
      );
    } finally {
      meta.remove();
    }
  });

  it('shows oops page not found with a go-back link for unknown paths', async () => {
    renderAppAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: /oops, page not found/i })).toBeTruthy();
    expect(screen.getByRole('link', { name: /go back/i }).getAttribute('href')).toBe('/');
  });

  it.each(['/a//createNew', '/comments//f1', '/albums//edit/addPhotos', '/a/'])(
    'shows the missing album params page, with the spec message, for %s',
    async (path) => {
      renderAppAt(path);
      expect(await screen.findByRole('heading', { name: 'This album link is incomplete' })).toBeTruthy();
      expect(screen.getByText(MISSING_ALBUM_PARAMS)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go to albums' }).getAttribute('href')).toBe('/albums');
      expect(document.title).toBe('This album link is incomplete · Nordlys Cloud');
    },
  );

  it('shows the account-terminated message with a link for /error/user_disabled', async () => {
    renderAppAt('/error/user_disabled');
    expect(
      await screen.findByRole('heading', { name: 'The account has been terminated by its user' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: /help/i })).toBeTruthy();
  });

  it('shows something went wrong for any other error code', async () => {
    renderAppAt('/error/whatever');
    expect(await screen.findByRole('heading', { name: /something went wrong/i })).toBeTruthy();
    expect(screen.queryByText(/terminated/i)).toBeNull();
  });

  it('hides top bar and footer in in-app mode', async () => {
    renderAppAt('/_from_inside_app/deleted_items/photos');
    expect(await screen.findByRole('heading', { name: 'Deleted photos and videos' })).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('keeps the chrome and the footer on the web variant', async () => {
    renderAppAt('/deleted_items/photos');
    await screen.findByRole('heading', { name: 'Deleted photos and videos' });
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('fails a route reached without album params with the spec message', async () => {
    const { RouteScreen } = await import('./route-screen.component');
    const { render } = await import('@testing-library/react');
    const { MemoryRouter } = await import('react-router');
    const { ErrorBoundary } = await import('../features/pages/error-boundary.component');
    const onError = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MemoryRouter>
        <ErrorBoundary onError={onError}>
          <RouteScreen
            entry={{
              path: '/x',
              screen: 'album',
              feature: 'albums',
              titleKey: 'albums:screens.album',
              needsAlbum: true,
              Component: () => null,
            }}
          />
        </ErrorBoundary>
      </MemoryRouter>,
    );
    expect(onError).toHaveBeenCalled();
    expect((onError.mock.calls[0]![0] as Error).message).toBe(MISSING_ALBUM_PARAMS);
    expect(screen.getByRole('button', { name: /reload/i })).toBeTruthy();
  });

  it('turns a crashing screen into something went wrong with a reload button, keeping the top bar', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const timeline = ROUTE_TABLE.find((entry) => entry.screen === 'timeline')!;
    const original = timeline.Component;
    timeline.Component = () => {
      throw new Error('boom');
    };
    try {
      renderAppAt('/photos', undefined, { account: sampleAccount() });
      expect(await screen.findByRole('heading', { name: /something went wrong/i })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
      expect(screen.getByRole('banner')).toBeTruthy();
      expect(
        errors.mock.calls.some((call) => call.some((arg) => arg instanceof Error && arg.message === 'boom')),
      ).toBe(true);
      // Moving on leaves the crashed screen behind.
      await userEvent.click(screen.getByRole('link', { name: 'Albums' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Albums' })).toBeTruthy();
      expect(screen.queryByRole('heading', { name: /something went wrong/i })).toBeNull();
    } finally {
      timeline.Component = original;
    }
  });
});
