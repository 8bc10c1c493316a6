import { createHash } from 'node:crypto';
import type { Locale } from '@nordlys/contract/constants';
import {
  BRAND_COLOURS,
  colourProperties,
  DARK_COLOURS,
  LIGHT_COLOURS,
} from '@nordlys/contract/theme-colours';
import { PASSWORD_MIN_LENGTH } from './password';
import { fill, htmlLang, signInTexts } from './sign-in-texts';

export type SignInMode = 'login' | 'create';

export interface FieldErrors {
  /** Shown above the form: wrong credentials, lockout. */
  form?: string;
  email?: string;
  password?: string;
  name?: string;
}

export interface SignInPageInput {
  locale: Locale;
  brand: string;
  mode: SignInMode;
  /** Where the form posts. */
  action: string;
  /** The same interaction in the other mode. */
  switchHref: string;
  values?: { email?: string; name?: string };
  errors?: FieldErrors;
  freeGib: number;
}

const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

// These pages are served by the provider, outside the app bundle: the colours come from the module the
// app's tokens read, the sizes repeat web/src/ui/tokens.css.
const STYLE = `
:root{${colourProperties('--color-', LIGHT_COLOURS)}--radius-dialog:12px;--radius-sm:4px;
--shadow:0 1px 3px rgb(0 0 0 / .08),0 4px 12px rgb(0 0 0 / .06);
--font:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;color-scheme:light dark}
@media (prefers-color-scheme:dark){:root{${colourProperties('--color-', DARK_COLOURS)}}}
*{box-sizing:border-box}
html,body{margin:0;min-height:100%}
body{font-family:var(--font);font-size:16px;line-height:1.5;color:var(--color-text);background:var(--color-surface);
display:flex;align-items:center;justify-content:center;min-height:100vh;padding:24px 16px}
main{width:100%;max-width:420px;background:var(--color-bg);border:1px solid var(--color-border);border-radius:var(--radius-dialog);
box-shadow:var(--shadow);padding:32px 24px}
.brand{display:flex;align-items:center;gap:8px;font-weight:600;font-size:16px;margin:0 0 24px;color:var(--color-text);text-decoration:none}
.brand svg{width:32px;height:32px;flex:none}
h1{font-size:24px;font-weight:600;line-height:1.25;margin:0 0 4px}
.lead{color:var(--color-text-muted);font-size:14px;margin:0 0 24px}
.alert{border:1px solid var(--color-error);color:var(--color-error);border-radius:var(--radius-sm);padding:8px 12px;
font-size:14px;margin:0 0 16px}
form{display:flex;flex-direction:column}
.field{display:flex;flex-direction:column;margin-bottom:4px}
label{font-size:14px;font-weight:500;margin-bottom:4px}
input{font:inherit;color:var(--color-text);background:var(--color-bg);height:40px;padding:0 12px;border:1px solid var(--color-border);
border-radius:var(--radius-sm);outline:none}
input:focus-visible{border-color:var(--color-accent);box-shadow:0 0 0 2px var(--color-accent)}
input[aria-invalid=true]{border-color:var(--color-error)}
.hint,.error{font-size:12px;min-height:18px;margin:4px 0 8px}
.hint{color:var(--color-text-muted)}
.error{color:var(--color-error)}
button{font:inherit;font-weight:600;height:48px;margin-top:8px;border:0;border-radius:var(--radius-sm);
background:var(--color-accent);color:var(--color-accent-contrast);cursor:pointer}
button:hover{background:var(--color-accent-hover)}
button:focus-visible{outline:none;box-shadow:0 0 0 2px var(--color-bg),0 0 0 4px var(--color-accent)}
.switch{margin:24px 0 0;font-size:14px;color:var(--color-text-muted);text-align:center}
a{color:var(--color-accent);font-weight:500}
a:focus-visible{outline:2px solid var(--color-accent);outline-offset:2px;border-radius:2px}
@media (max-width:599px){body{align-items:flex-start;background:var(--color-bg);padding:16px}
main{border:0;box-shadow:none;padding:16px 0}}
`;

const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** The pages' policy: their one stylesheet, inline, allowed by its hash; forms post only to us. */
export const SIGN_IN_PAGE_CSP = `default-src 'none'; style-src ${STYLE_HASH}; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

const BRAND_MARK = `<svg viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="8" fill="${BRAND_COLOURS.mark}"/>
<path d="M6 20c4-9 9-12 20-13-7 4-10 8-12 13" fill="none" stroke="${BRAND_COLOURS.onMark}" stroke-width="3" stroke-linecap="round"/>
<path d="M6 24h20" stroke="${BRAND_COLOURS.onMark}" stroke-width="2" stroke-linecap="round" opacity=".7"/></svg>`;

function layout(locale: Locale, brand: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="${htmlLang(locale)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(brand)}</title>
<style>${STYLE}</style></head>
<body><main>
<a class="brand" href="/">${BRAND_MARK}<span>${escapeHtml(brand)}</span></a>
${body}
</main></body></html>`;
}

function field(input: {
  id: string;
  label: string;
  type: string;
  autocomplete: string;
  value?: string;
  error?: string;
  hint?: string;
  extra?: string;
  autofocus?: boolean;
}): string {
  const describedBy = `${input.id}-message`;
  const message = input.error
    ? `<p class="error" id="${describedBy}">${escapeHtml(input.error)}</p>`
    : `<p class="hint" id="${describedBy}">${escapeHtml(input.hint ?? '')}</p>`;
  return `<div class="field">
<label for="${input.id}">${escapeHtml(input.label)}</label>
<input id="${input.id}" name="${input.id}" type="${input.type}" autocomplete="${input.autocomplete}" required
 aria-describedby="${describedBy}"${input.error ? ' aria-invalid="true"' : ''}${input.value ? ` value="${escapeHtml(input.value)}"` : ''}${input.extra ?? ''}${input.autofocus ? ' autofocus' : ''}>
${message}</div>`;
}

/** The built-in provider's sign-in or create-account form: a real form, errors in place. */
export function renderSignInPage(input: SignInPageInput): string {
  const t = signInTexts(input.locale);
  const values = input.values ?? {};
  const errors = input.errors ?? {};
  const vars = { brand: input.brand, gib: input.freeGib, min: PASSWORD_MIN_LENGTH, max: 255 };
  const creating = input.mode === 'create';
  // A new account gets the free plan, or none and is read-only until it subscribes.
  const lead = !creating ? t.signInLead : input.freeGib > 0 ? t.createLead : t.createLeadReadOnly;
  const title = creating ? t.createTitle : t.signInTitle;
  const firstInvalid = errors.name ? 'name' : errors.email ? 'email' : errors.password ? 'password' : null;
  const focus = firstInvalid ?? (creating ? 'name' : values.email ? 'password' : 'email');

  const fields = [
    creating
      ? field({
          id: 'name',
          label: t.name,
          type: 'text',
          autocomplete: 'name',
          value: values.name,
          error: errors.name,
          extra: ' maxlength="255"',
          autofocus: focus === 'name',
        })
      : '',
    field({
      id: 'email',
      label: t.email,
      type: 'email',
      autocomplete: 'email',
      value: values.email,
      error: errors.email,
      extra: ' maxlength="320" spellcheck="false" autocapitalize="none"',
      autofocus: focus === 'email',
    }),
    field({
      id: 'password',
      label: t.password,
      type: 'password',
      autocomplete: creating ? 'new-password' : 'current-password',
      error: errors.password,
      hint: creating ? fill(t.passwordHint, vars) : '',
      extra: creating ? ` minlength="${PASSWORD_MIN_LENGTH}"` : '',
      autofocus: focus === 'password',
    }),
  ].join('\n');

  const body = `<h1>${escapeHtml(title)}</h1>
<p class="lead">${escapeHtml(fill(lead, vars))}</p>
${errors.form ? `<p class="alert" role="alert">${escapeHtml(errors.form)}</p>` : ''}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
${fields}
<button type="submit">${escapeHtml(creating ? t.create : t.signIn)}</button>
</form>
<p class="switch">${escapeHtml(fill(creating ? t.haveAccount : t.noAccount, vars))}
<a href="${escapeHtml(input.switchHref)}">${escapeHtml(creating ? t.toSignIn : t.toCreate)}</a></p>`;
  return layout(input.locale, input.brand, title, body);
}

/** Expired interactions and provider errors: a plain message and the way back. */
export function renderMessagePage(input: {
  locale: Locale;
  brand: string;
  kind: 'expired' | 'error';
}): string {
  const t = signInTexts(input.locale);
  const vars = { brand: input.brand };
  const title = input.kind === 'expired' ? t.expiredTitle : t.errorTitle;
  const message = input.kind === 'expired' ? t.expired : t.error;
  const body = `<h1>${escapeHtml(title)}</h1>
<p class="lead">${escapeHtml(fill(message, vars))}</p>
<p class="switch"><a href="/">${escapeHtml(fill(t.backToApp, vars))}</a></p>`;
  return layout(input.locale, input.brand, title, body);
}
