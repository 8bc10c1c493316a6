import { linkExpiryDate } from '@nordlys/contract/share';
import type { MailMessage } from './mailer';

export type MailLanguage = 'en_US' | 'nb_NO' | 'sv_SE' | 'bg_BG';

interface Texts {
  files(sender: string, count: number): string;
  album(sender: string, title: string): string;
  open: string;
  validUntil(date: string): string;
  footer(brand: string): string;
}

const TEXTS: Record<MailLanguage, Texts> = {
  en_US: {
    files: (sender, count) =>
      count === 1 ? `${sender} shared a file with you.` : `${sender} shared ${count} files with you.`,
    album: (sender, title) => `${sender} shared the album "${title}" with you.`,
    open: 'Open',
    validUntil: (date) => `The link works until ${date}.`,
    footer: (brand) => `Sent with ${brand}.`,
  },
  nb_NO: {
    files: (sender, count) =>
      count === 1 ? `${sender} har delt en fil med deg.` : `${sender} har delt ${count} filer med deg.`,
    album: (sender, title) => `${sender} har delt albumet «${title}» med deg.`,
    open: 'Åpne',
    validUntil: (date) => `Lenken virker til ${date}.`,
    footer: (brand) => `Sendt med ${brand}.`,
  },
  sv_SE: {
    files: (sender, count) =>
      count === 1 ? `${sender} har delat en fil med dig.` : `${sender} har delat ${count} filer med dig.`,
    album: (sender, title) => `${sender} har delat albumet ”${title}” med dig.`,
    open: 'Öppna',
    validUntil: (date) => `Länken fungerar till ${date}.`,
    footer: (brand) => `Skickat med ${brand}.`,
  },
  bg_BG: {
    files: (sender, count) =>
      count === 1 ? `${sender} сподели файл с вас.` : `${sender} сподели ${count} файла с вас.`,
    album: (sender, title) => `${sender} сподели албума „${title}“ с вас.`,
    open: 'Отваряне',
    validUntil: (date) => `Връзката е валидна до ${date}.`,
    footer: (brand) => `Изпратено с ${brand}.`,
  },
};

export const LOCALE_TAG: Record<MailLanguage, string> = {
  en_US: 'en-US',
  nb_NO: 'nb-NO',
  sv_SE: 'sv-SE',
  bg_BG: 'bg-BG',
};

export const mailLanguage = (language: string | null): MailLanguage =>
  language !== null && language in TEXTS ? (language as MailLanguage) : 'en_US';

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface ShareMailInput {
  language: string | null;
  brand: string;
  sender: { name: string; email: string };
  recipients: string[];
  subject: string;
  message: string | undefined;
  link: string;
  what: { kind: 'files'; count: number; expiresAt: number } | { kind: 'album'; title: string };
}

/**
 * The e-mail that carries a share's or an album's link, in the sender's language: the sender's
 * own subject and message, a line saying what was shared, the link, plain text and HTML.
 */
export function composeShareMail(input: ShareMailInput): MailMessage {
  const language = mailLanguage(input.language);
  const t = TEXTS[language];
  const sender = input.sender.name.trim() || input.sender.email;
  const intro =
    input.what.kind === 'files' ? t.files(sender, input.what.count) : t.album(sender, input.what.title);
  const validity =
    input.what.kind === 'files'
      ? t.validUntil(linkExpiryDate(input.what.expiresAt, LOCALE_TAG[language]))
      : null;
  const message = input.message?.trim() ?? '';
  const text = [intro, message, `${t.open}: ${input.link}`, validity, t.footer(input.brand)]
    .filter((line): line is string => Boolean(line))
    .join('\n\n');
  const paragraphs = message
    .split(/\n{2,}/)
    .filter((p) => p.length > 0)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const html = `<!doctype html><html lang="${LOCALE_TAG[language]}"><body style="font-family:system-ui,sans-serif;color:#1b1f24">
<p>${escapeHtml(intro)}</p>${paragraphs}
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 20px;border-radius:8px;background:#2f5bd3;color:#fff;text-decoration:none">${escapeHtml(t.open)}</a></p>
<p style="color:#5b6470;font-size:13px">${escapeHtml(input.link)}${validity ? `<br>${escapeHtml(validity)}` : ''}<br>${escapeHtml(t.footer(input.brand))}</p>
</body></html>`;
  return {
    to: input.recipients,
    subject: input.subject,
    text,
    html,
    replyTo: input.sender.email,
    origin: new URL(input.link).origin,
    language,
  };
}
