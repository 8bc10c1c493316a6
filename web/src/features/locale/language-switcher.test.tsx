import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageSwitcher } from './language-switcher.component';

afterEach(async () => {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
  document.cookie = 'lang=; path=/; max-age=0';
  await i18next.changeLanguage('en_US');
});

describe('language switcher', () => {
  it('switches the interface live, sets the lang cookie and <html lang>', async () => {
    render(<LanguageSwitcher />);
    const select = screen.getByRole('combobox', { name: 'Language' });
    await userEvent.selectOptions(select, 'sv_SE');
    // The language's strings are fetched first, then the interface switches.
    await waitFor(() => expect(i18next.language).toBe('sv_SE'));
    expect(document.cookie).toContain('lang=sv_SE');
    expect(document.documentElement.lang).toBe('sv-SE');
    expect(await screen.findByRole('combobox', { name: 'Språk' })).toBeTruthy();
  });
});
