import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Trash2 } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../i18n/i18n';
import { Button, IconButton } from './button';

describe('Button', () => {
  it('shows the translated pending label, disables itself and ignores clicks while pending', async () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <Button variant="primary" onClick={onClick}>
        Save
      </Button>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledTimes(1);

    rerender(
      <Button variant="primary" pending onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Pending…' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('Save')).toBeNull();
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('uses the Norwegian pending label in nb_NO', async () => {
    await i18n.changeLanguage('nb_NO');
    render(<Button pending>Lagre</Button>);
    expect(screen.getByRole('button').textContent).toBe('Venter…');
    await i18n.changeLanguage('en_US');
  });

  it('defaults to type=button and applies variant and size classes', () => {
    render(
      <Button variant="danger" size="sm">
        Delete
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toContain('ui-button--danger');
    expect(button.className).toContain('ui-button--sm');
  });

  it('gives an icon button its label as accessible name and hides the icon', () => {
    render(<IconButton label="Delete photo" icon={<Trash2 />} />);
    const button = screen.getByRole('button', { name: 'Delete photo' });
    expect(button.querySelector('[aria-hidden="true"] svg')).not.toBeNull();
  });
});
