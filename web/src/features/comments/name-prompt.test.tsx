import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubResizeObserver } from '../../test/resize-observer';
import { NamePrompt } from './name-prompt.component';

beforeEach(() => stubResizeObserver());

function prompt(leaving: 'signIn' | 'create' | null = null) {
  const onSignIn = vi.fn();
  const onClose = vi.fn();
  render(<NamePrompt open context="albumCreation" onClose={onClose} onSignIn={onSignIn} leaving={leaving} />);
  return { onSignIn, onClose, user: userEvent.setup() };
}

describe('the name prompt before creating an album (albumCreation)', () => {
  it('says why, and offers creating an account or signing in instead of Continue', () => {
    prompt();
    const dialog = screen.getByRole('dialog', { name: "What's your name?" });
    expect(dialog.textContent).toContain('Give a name to show to the people you share this album with.');
    expect(dialog.textContent).toContain('Your album needs a free account.');
    expect(screen.getByRole('button', { name: 'Create account' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it('registering needs a name, at most 255 characters, and carries it trimmed', async () => {
    const { onSignIn, user } = prompt();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByText('Field is required');
    const input = screen.getByLabelText(/Your name/) as HTMLInputElement;
    expect(input.maxLength).toBe(255);
    await user.type(input, '   ');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(onSignIn).not.toHaveBeenCalled();
    await user.clear(input);
    await user.type(input, ' Gunnar ');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(onSignIn).toHaveBeenCalledWith(true, 'Gunnar');
  });

  it('signing in needs no name', async () => {
    const { onSignIn, user } = prompt();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onSignIn).toHaveBeenCalledWith(false);
  });

  it('closing cancels', async () => {
    const { onClose, user } = prompt();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('while one is on its way to the sign-in pages, neither can be pressed again', () => {
    prompt('create');
    expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(true);
    const register = document.querySelector<HTMLButtonElement>('button[type="submit"]');
    expect(register?.disabled).toBe(true);
    expect(register?.getAttribute('aria-busy')).toBe('true');
  });
});
