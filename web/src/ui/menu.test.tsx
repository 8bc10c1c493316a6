import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MoreVertical } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { IconButton } from './button';
import { Menu } from './menu';

describe('Menu', () => {
  it('opens from the keyboard, moves with arrows, selects with Enter and refocuses the trigger', async () => {
    const user = userEvent.setup();
    const onCover = vi.fn();
    const onDelete = vi.fn();
    render(
      <Menu
        trigger={<IconButton label="More" icon={<MoreVertical />} />}
        items={[
          { id: 'cover', label: 'Set as cover', onSelect: onCover },
          { type: 'separator', id: 'sep' },
          { id: 'delete', label: 'Delete', onSelect: onDelete, danger: true },
        ]}
      />,
    );
    // Until first opened the button is drawn alone, already announced as a menu button.
    const drawnAlone = screen.getByRole('button', { name: 'More' });
    expect(drawnAlone.getAttribute('aria-haspopup')).toBe('menu');
    expect(drawnAlone.getAttribute('aria-expanded')).toBe('false');
    drawnAlone.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeTruthy();
    // A keyboard opening starts on the first item, also the one that brought the menu layer in.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Set as cover'));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Set as cover',
      'Delete',
    ]);
    expect(screen.getByRole('separator')).toBeTruthy();

    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(onCover).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'More' }));
  });
});
