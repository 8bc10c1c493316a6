import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/i18n';
import { createAppStore } from '../../state/store';
import { requestConfirm, showAlert } from './dialog.api';
import { selectOpenDialog } from './dialog.slice';
import { DialogHost } from './dialog-host.component';

function setup() {
  const store = createAppStore();
  render(
    <Provider store={store}>
      <button type="button">Menu item</button>
      <DialogHost />
    </Provider>,
  );
  return store;
}

describe('confirm dialogs', () => {
  it('resolves true when confirmed and closes', async () => {
    const user = userEvent.setup();
    const store = setup();
    let answer!: Promise<boolean>;
    act(() => {
      answer = requestConfirm(store.dispatch, { preset: 'deleteAlbum' });
    });
    const dialog = screen.getByRole('alertdialog', { name: 'Delete album?' });
    expect(dialog.textContent).toContain('moves to the trash');
    await user.click(screen.getByRole('button', { name: 'Delete album' }));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(selectOpenDialog(store.getState() as never)).toBeNull();
  });

  it('resolves false on Cancel and on Escape, and focuses Cancel first', async () => {
    const user = userEvent.setup();
    const store = setup();
    let answer!: Promise<boolean>;
    act(() => {
      answer = requestConfirm(store.dispatch, { preset: 'unsubscribeAlbum' });
    });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);

    act(() => {
      answer = requestConfirm(store.dispatch, { preset: 'deleteFile', params: { count: 3 } });
    });
    expect(screen.getByRole('alertdialog', { name: 'Delete 3 files?' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await expect(answer).resolves.toBe(false);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('uses "log out" as the confirm label for removing a device, in every language', async () => {
    const store = setup();
    const labels: Record<string, string> = {
      en_US: 'Log out',
      nb_NO: 'Logg ut',
      sv_SE: 'Logga ut',
      bg_BG: 'Изход',
    };
    for (const [language, label] of Object.entries(labels)) {
      await act(() => i18n.changeLanguage(language));
      let answer!: Promise<boolean>;
      act(() => {
        answer = requestConfirm(store.dispatch, { preset: 'deleteDevice', params: { name: 'Pixel 8' } });
      });
      expect(screen.getByRole('alertdialog').textContent).toContain('Pixel 8');
      const button = screen.getByRole('button', { name: label });
      expect(button.className).toContain('ui-button--danger');
      await userEvent.click(button);
      await expect(answer).resolves.toBe(true);
    }
    await act(() => i18n.changeLanguage('en_US'));
  });

  it('queues a second request until the first is answered', async () => {
    const user = userEvent.setup();
    const store = setup();
    let first!: Promise<boolean>;
    let second!: Promise<boolean>;
    act(() => {
      first = requestConfirm(store.dispatch, { preset: 'stopSharing' });
      second = requestConfirm(store.dispatch, { preset: 'deleteAlbum' });
    });
    expect(screen.getByRole('alertdialog', { name: 'Stop sharing?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Stop sharing' }));
    await expect(first).resolves.toBe(true);
    expect(screen.getByRole('alertdialog', { name: 'Delete album?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(second).resolves.toBe(false);
  });
});

describe('alerts', () => {
  it('shows the download limit with the spec values and resolves on OK', async () => {
    const user = userEvent.setup();
    const store = setup();
    let done!: Promise<void>;
    act(() => {
      done = showAlert(store.dispatch, { preset: 'downloadCountLimitSelection' });
    });
    const dialog = screen.getByRole('dialog', { name: 'Too many files for one download' });
    expect(dialog.textContent).toContain('up to 500 files');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await expect(done).resolves.toBeUndefined();

    await act(() => i18n.changeLanguage('nb_NO'));
    act(() => {
      done = showAlert(store.dispatch, { preset: 'downloadSizeLimitAlbum' });
    });
    expect(screen.getByRole('dialog').textContent).toContain('3,5 GB');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await done;
    await act(() => i18n.changeLanguage('en_US'));
  });

  it('returns focus to where it was before the dialog opened', async () => {
    const user = userEvent.setup();
    const store = setup();
    const opener = screen.getByRole('button', { name: 'Menu item' });
    opener.focus();
    let done!: Promise<void>;
    act(() => {
      done = showAlert(store.dispatch, { preset: 'downloadSizeLimitSelection' });
    });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'OK' }));
    await user.keyboard('{Enter}');
    await done;
    expect(document.activeElement).toBe(opener);
  });
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

describe('the not-enough-storage popup (account.md §4)', () => {
  function setupAt(path: string) {
    const store = createAppStore();
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
          <DialogHost />
        </MemoryRouter>
      </Provider>,
    );
    return store;
  }
  const GIB = 1024 ** 3;

  it('shows used and max storage; Close stays, Buy more storage goes to storage settings', async () => {
    const user = userEvent.setup();
    const store = setupAt('/share/abc');
    let answer!: Promise<boolean>;
    const open = () =>
      act(() => {
        answer = requestConfirm(store.dispatch, {
          preset: 'notEnoughStorageForAdd',
          params: { usedStorage: 2.5 * GIB, maxStorage: 3 * GIB },
        });
      });
    open();
    const dialog = screen.getByRole('alertdialog', { name: 'Not enough storage' });
    expect(dialog.textContent).toContain('2.5 GB of 3 GB');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await expect(answer).resolves.toBe(false);
    expect(screen.getByTestId('where').textContent).toBe('/share/abc');

    open();
    await user.click(screen.getByRole('button', { name: 'Buy more storage' }));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/settings/storage');
  });
});
