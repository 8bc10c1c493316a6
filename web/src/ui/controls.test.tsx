import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Images } from 'lucide-react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { EmptyState } from './empty-state';
import { RadioGroup } from './radio-group';
import { SidePanel } from './side-panel';
import { Toggle } from './toggle';

describe('Toggle', () => {
  it('is a labelled switch that flips with click and Space', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [on, setOn] = useState(false);
      return <Toggle label="Face grouping" checked={on} onCheckedChange={setOn} />;
    }
    render(<Harness />);
    const toggle = screen.getByRole('switch', { name: 'Face grouping' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(screen.getByText('Face grouping'));
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    toggle.focus();
    await user.keyboard(' ');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });

  it('does not change while disabled', async () => {
    const onChange = vi.fn();
    render(<Toggle label="Help us improve" checked onCheckedChange={onChange} disabled />);
    await userEvent.click(screen.getByRole('switch'));
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('RadioGroup', () => {
  it('selects with click and arrow keys', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [value, setValue] = useState<'stay' | 'leave'>('stay');
      return (
        <RadioGroup
          label="E-mail updates"
          value={value}
          onValueChange={setValue}
          options={[
            { value: 'stay', label: 'Stay subscribed' },
            { value: 'leave', label: 'Unsubscribe' },
          ]}
        />
      );
    }
    render(<Harness />);
    expect(screen.getByRole('radiogroup', { name: 'E-mail updates' })).toBeTruthy();
    const stay = screen.getByRole('radio', { name: 'Stay subscribed' });
    const leave = screen.getByRole('radio', { name: 'Unsubscribe' });
    expect(stay.getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByText('Unsubscribe'));
    expect(leave.getAttribute('aria-checked')).toBe('true');
    leave.focus();
    await user.keyboard('{ArrowUp>}');
    // Roving focus moves on the next tick; the radio checks itself when it receives arrow focus.
    await waitFor(() => expect(stay.getAttribute('aria-checked')).toBe('true'));
    expect(document.activeElement).toBe(stay);
    await user.keyboard('{/ArrowUp}');
  });
});

describe('SidePanel', () => {
  it('is a labelled region with a translated close button and closes on Escape', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <SidePanel title="Comments" onClose={onClose}>
        <input aria-label="Comment" />
      </SidePanel>,
    );
    expect(screen.getByRole('complementary', { name: 'Comments' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close panel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    screen.getByRole('textbox').focus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('EmptyState', () => {
  it('shows one sentence and one primary action', async () => {
    const onUpload = vi.fn();
    render(
      <EmptyState
        icon={<Images />}
        message="No photos yet."
        action={{ label: 'Upload', onClick: onUpload }}
      />,
    );
    expect(screen.getByText('No photos yet.')).toBeTruthy();
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(1);
    await userEvent.click(buttons[0]!);
    expect(onUpload).toHaveBeenCalled();
  });
});
