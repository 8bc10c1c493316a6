import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse } from '../../test/fake-api';
import { stubResizeObserver } from '../../test/resize-observer';
import { GuestName } from './guest-name.component';
import { rememberedGuest, rememberGuest } from './pending-comment.storage';

beforeEach(() => {
  stubResizeObserver();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const identity = (name: string, n: number) => ({ guest_id: `g${n}`, name, token: `t${n}` });

describe('a visitor names themselves in an album (name prompt, albumSettings)', () => {
  it('gives a name: registered for the album and remembered for its comments and loves', async () => {
    const calls = fakeApi({ 'POST /jobs/a1/guest': () => jsonResponse(identity('Gunnar', 1), 201) });
    const user = userEvent.setup();
    render(<GuestName albumId="a1" password={null} signIn={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Give your name' }));
    const prompt = screen.getByRole('dialog', { name: "What's your name?" });
    expect(prompt.textContent).toContain('Give a name to show next to your comments and loves.');
    await user.type(screen.getByLabelText(/Your name/), '  Gunnar ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('button', { name: 'Commenting as Gunnar' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ['POST', '/jobs/a1/guest', { name: 'Gunnar' }],
    ]);
    expect(rememberedGuest('a1')).toEqual({ token: 't1', name: 'Gunnar', id: 'g1' });
  });

  it('changes a name given before; a refused name leaves the one there was', async () => {
    rememberGuest('a1', { token: 't0', name: 'Gunn', id: 'g0' });
    let refuse = true;
    fakeApi({
      'POST /jobs/a1/guest': () =>
        refuse ? jsonResponse({ error: 'boom' }, 500) : jsonResponse(identity('Gunnar', 2), 201),
    });
    const user = userEvent.setup();
    render(<GuestName albumId="a1" password={null} signIn={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Commenting as Gunn' }));
    await user.type(screen.getByLabelText(/Your name/), 'Gunnar');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText("Your name wasn't saved. Try again.");
    expect(rememberedGuest('a1')?.name).toBe('Gunn');
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('button', { name: 'Commenting as Gunnar' });
    expect(rememberedGuest('a1')?.token).toBe('t2');
  });

  it('an empty name is refused; sign-in and registration are offered instead', async () => {
    const calls = fakeApi({});
    const signIn = vi.fn();
    const user = userEvent.setup();
    render(<GuestName albumId="a1" password={null} signIn={signIn} />);
    await user.click(screen.getByRole('button', { name: 'Give your name' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('Field is required');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(signIn).toHaveBeenCalledWith(true);
    expect(calls).toEqual([]);
  });
});
