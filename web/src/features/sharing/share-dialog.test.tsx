import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse } from '../../test/fake-api';
import { timelineFiles } from '../../test/file-action.test-data';
import { ShareDialog } from './share-dialog.component';
import { answerShare, requestShare } from './share-dialog.requests';

const files = timelineFiles(2);

afterEach(() => {
  act(() => answerShare('cancelled'));
  vi.unstubAllGlobals();
});

function open(onCreateAlbum = vi.fn(async () => 'https://photos.example/a/abc'), onLinkCopied = vi.fn()) {
  render(<ShareDialog onCreateAlbum={onCreateAlbum} onLinkCopied={onLinkCopied} />);
  let outcome: Promise<string> | undefined;
  act(() => {
    outcome = requestShare({ files, signedIn: true });
  });
  return { onCreateAlbum, onLinkCopied, outcome };
}

describe('share dialog', () => {
  it('add as album shows albumOptions; creating the album offers its link', async () => {
    const { onCreateAlbum } = open();
    await userEvent.click(screen.getByRole('button', { name: 'Add as album' }));
    expect(screen.getByRole('heading', { name: 'Share as album' })).toBeTruthy();
    const create = screen.getByRole('button', { name: 'Create album' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    await userEvent.type(screen.getByRole('textbox', { name: /Album name/ }), ' Lofoten ');
    await userEvent.click(create);
    expect(onCreateAlbum).toHaveBeenCalledWith('Lofoten', files);
    expect(await screen.findByRole('heading', { name: 'Share link' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Share link' }) as HTMLInputElement).value).toBe(
      'https://photos.example/a/abc',
    );
  });

  it('protects a link with the password as typed, and copying it tells the app (linkWasCopied)', async () => {
    const calls = fakeApi({
      'POST /shares': jsonResponse({ id: 's2', link: 'https://photos.example/share/s2' }),
    });
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { onLinkCopied } = open();
    await userEvent.type(screen.getByLabelText(/Password/), 'fjord 1');
    await userEvent.click(screen.getByRole('button', { name: 'Get link' }));
    await screen.findByText(/Protected: the link asks for the password/);
    expect(calls[0]?.body).toEqual({ file_ids: files.map((file) => file.fileID), password: 'fjord 1' });
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('https://photos.example/share/s2#sc');
    expect(onLinkCopied).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Link copied' })).toBeTruthy();
  });

  it('back from albumOptions returns to the options', async () => {
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Add as album' }));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Get link' })).toBeTruthy();
  });

  it('says so when the e-mail could not be sent, and keeps the form', async () => {
    const calls = fakeApi({
      'POST /shares': jsonResponse({ id: 's1', link: 'https://photos.example/share/s1' }),
      'POST /shares/s1/email': jsonResponse({ error: 'Bad Gateway' }, 502),
    });
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Get link' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Share by e-mail' }));
    await userEvent.type(screen.getByRole('textbox', { name: /^To/ }), 'kari@example.com');
    await userEvent.type(screen.getByRole('textbox', { name: /Subject/ }), 'Bilder');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The e-mail could not be sent. Check the addresses and try again.',
    );
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /shares',
      'POST /shares/s1/email',
    ]);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Done' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect((screen.getByRole('textbox', { name: /Subject/ }) as HTMLInputElement).value).toBe('Bilder');
  });
});
