import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '../i18n/i18n';
import { FormField } from './form-field';
import { TextInput } from './text-input';

describe('FormField', () => {
  it('labels the control, marks it required with an asterisk, and reserves the error line', () => {
    const { container } = render(
      <FormField label="Album name" required>
        <TextInput />
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: /Album name/ });
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(input.hasAttribute('required')).toBe(true);
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(container.querySelector('.ui-field__required')?.textContent).toBe(' *');
    const errorLine = container.querySelector('.ui-field__error');
    expect(errorLine).not.toBeNull();
    expect(errorLine?.textContent).toBe('');
  });

  it('shows the generic required message and wires aria-invalid and aria-describedby', () => {
    render(
      <FormField label="Album name" required error="required">
        <TextInput />
      </FormField>,
    );
    const input = screen.getByRole('textbox');
    const message = screen.getByRole('alert');
    expect(message.textContent).toBe('Field is required');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(message.id);
  });

  it('shows the invalid message, a custom message, and describes the hint too', () => {
    const { rerender } = render(
      <FormField label="E-mail" error="invalid" hint="We never share it">
        <TextInput type="email" />
      </FormField>,
    );
    const input = screen.getByRole('textbox');
    expect(screen.getByRole('alert').textContent).toBe('Value is invalid');
    const described = input.getAttribute('aria-describedby')!.split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'We never share it',
      'Value is invalid',
    ]);

    rerender(
      <FormField label="E-mail" error={{ message: 'Email address not valid' }}>
        <TextInput type="email" />
      </FormField>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Email address not valid');
  });

  it('uses the Norwegian wording from the spec', async () => {
    await i18n.changeLanguage('nb_NO');
    const { rerender } = render(
      <FormField label="Navn" required error="required">
        <TextInput />
      </FormField>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Feltet må fylles ut');
    rerender(
      <FormField label="Navn" required error="invalid">
        <TextInput />
      </FormField>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Verdien er ikke gyldig');
    await i18n.changeLanguage('en_US');
  });
});
