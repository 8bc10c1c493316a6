import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '../../api/session';
import { fakeApi, jsonResponse } from '../../test/fake-api';
import { requestAlbumPick } from './album-picker.requests';
import { AlbumPickerDialog } from './album-picker-dialog.component';

const album = (id: string, name: string, mediaCount: number) => ({
  id,
  name,
  media_count: mediaCount,
  isShared: false,
  cover: null,
});

afterEach(() => vi.unstubAllGlobals());

describe('album picker dialog', () => {
  it('shows a loader while fetching, leaves out the current album, and enables Done only with a choice', async () => {
    setAuthToken('token');
    let answer: (response: Response) => void = () => undefined;
    fakeApi({
      'GET /jobs': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    render(<AlbumPickerDialog />);
    let picked!: ReturnType<typeof requestAlbumPick>;
    act(() => {
      picked = requestAlbumPick({ currentAlbumId: 'current' });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Select album' });
    expect(within(dialog).getByRole('status', { name: 'Loading albums' })).toBeTruthy();
    const done = within(dialog).getByRole('button', { name: 'Done' });
    expect((done as HTMLButtonElement).disabled).toBe(true);

    await act(async () =>
      answer(jsonResponse({ jobs: [album('current', 'This one', 3), album('other', 'Summer', 2)] })),
    );
    await within(dialog).findByRole('button', { name: /Summer/ });
    expect(within(dialog).queryByRole('button', { name: /This one/ })).toBeNull();
    expect(within(dialog).queryByRole('status', { name: 'Loading albums' })).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: /Summer/ }));
    expect((done as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(done);
    await expect(picked).resolves.toMatchObject({ kind: 'album', album: { id: 'other' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('answers null when cancelled and offers the New album tile', async () => {
    setAuthToken('token');
    fakeApi({ 'GET /jobs': jsonResponse({ jobs: [] }) });
    render(<AlbumPickerDialog />);
    let picked!: ReturnType<typeof requestAlbumPick>;
    act(() => {
      picked = requestAlbumPick();
    });
    const dialog = await screen.findByRole('dialog', { name: 'Select album' });
    await within(dialog).findByRole('button', { name: 'New album' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(picked).resolves.toBeNull();
  });
});
