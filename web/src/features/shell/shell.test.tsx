import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Footer } from './footer.component';
import { isInAppPath } from './in-app-mode';
import { TopNav } from './top-nav.component';

function renderNav(path = '/photos') {
  const router = createMemoryRouter([{ path: '*', element: <TopNav brandName="Nordlys" /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('top navigation', () => {
  it('shows the brand and the Timeline and Albums tabs, marking the current one', () => {
    localStorage.setItem('authToken', 'token-1');
    renderNav('/photos/abc');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const timeline = within(nav).getByRole('link', { name: 'Timeline' });
    const albums = within(nav).getByRole('link', { name: 'Albums' });
    expect(timeline.getAttribute('href')).toBe('/photos');
    expect(albums.getAttribute('href')).toBe('/albums');
    expect(timeline.getAttribute('aria-current')).toBe('page');
    expect(albums.getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('link', { name: /Nordlys/ }).getAttribute('href')).toBe('/');
  });

  it('offers a signed-out visitor the product and Sign in, not tabs that lead to a sign-in wall', () => {
    renderNav('/a/album');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Get Nordlys' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Timeline' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open user menu' })).toBeNull();
  });

  it('leaves "Get Nordlys" off the start page itself', () => {
    renderNav('/');
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Get Nordlys' })).toBeNull();
  });

  it('shows the avatar menu with Settings, Trash and Log out when signed in, and logging out signs out', async () => {
    localStorage.setItem('authToken', 'token-1');
    const router = renderNav();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open user menu' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Settings', 'Trash', 'Log out']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Log out' }));
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it('has a keyboard-operable burger menu with Timeline, Albums, Settings, Trash and Log out', async () => {
    localStorage.setItem('authToken', 'token-1');
    const router = renderNav('/');
    const user = userEvent.setup();
    const burger = screen.getByRole('button', { name: 'Open menu' });
    burger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Timeline', 'Albums', 'Settings', 'Trash', 'Log out']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(router.state.location.pathname).toBe('/albums');
  });
});

describe('footer', () => {
  it('links terms, privacy statement and legal, and shows year and version', () => {
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <Footer
              brandName="Nordlys"
              year={2031}
              links={{ terms: 'https://example.com/terms', privacy: '/help#privacy', legal: '/help#legal' }}
            />
          ),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    const terms = screen.getByRole('link', { name: 'Terms of service' });
    expect(terms.getAttribute('href')).toBe('https://example.com/terms');
    expect(terms.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: 'Privacy statement' }).getAttribute('href')).toBe(
      '/help#privacy',
    );
    expect(screen.getByRole('link', { name: 'Legal' }).getAttribute('href')).toBe('/help#legal');
    expect(screen.getByText('© 2031 Nordlys')).toBeTruthy();
    expect(screen.getByText('Version 1.2.3300.3')).toBeTruthy();
  });

  it('links support, the app stores and the free-version-ending page, its Swedish variant in Swedish', async () => {
    const links = {
      terms: '/help#terms',
      privacy: '/help#privacy',
      legal: '/help#legal',
      support: 'https://example.com/support',
      appStore: 'https://apps.example.com/nordlys',
      playStore: 'https://play.example.com/nordlys',
      freeVersionEnding: 'https://example.com/free-ending',
      freeVersionEndingSv: 'https://example.se/gratis-upphor',
    };
    const show = () =>
      render(
        <RouterProvider
          router={createMemoryRouter([{ path: '*', element: <Footer brandName="Nordlys" links={links} /> }])}
        />,
      );
    const view = show();
    expect(screen.getByRole('link', { name: 'Support' }).getAttribute('href')).toBe(links.support);
    expect(screen.getByRole('link', { name: 'App Store' }).getAttribute('href')).toBe(links.appStore);
    expect(screen.getByRole('link', { name: 'Google Play' }).getAttribute('href')).toBe(links.playStore);
    expect(screen.getByRole('link', { name: 'The free version is ending' }).getAttribute('href')).toBe(
      links.freeVersionEnding,
    );
    view.unmount();
    const { default: i18next } = await import('i18next');
    const { loadLocale } = await import('../../i18n/i18n');
    await loadLocale('sv_SE');
    await i18next.changeLanguage('sv_SE');
    try {
      show();
      expect(screen.getByRole('link', { name: 'Gratisversionen upphör' }).getAttribute('href')).toBe(
        links.freeVersionEndingSv,
      );
    } finally {
      await i18next.changeLanguage('en_US');
    }
  });
});

describe('in-app mode', () => {
  it('recognises the prefix only as a whole path segment', () => {
    expect(isInAppPath('/_from_inside_app/deleted_items')).toBe(true);
    expect(isInAppPath('/_from_inside_app')).toBe(true);
    expect(isInAppPath('/_from_inside_apps/x')).toBe(false);
    expect(isInAppPath('/deleted_items')).toBe(false);
  });
});
