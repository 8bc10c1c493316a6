import type { MailMessage } from './mailer';
import { escapeHtml, LOCALE_TAG, type MailLanguage, mailLanguage } from './share-mail';

interface Texts {
  deletionSubject(brand: string): string;
  deletionBody(brand: string, date: string): string[];
  settingsLine: string;
  settingsLink: string;
}

const TEXTS: Record<MailLanguage, Texts> = {
  en_US: {
    deletionSubject: (brand) => `Your ${brand} account is being deleted`,
    deletionBody: (brand, date) => [
      `We have received your request to delete your ${brand} account.`,
      'You have been logged out of all your devices.',
      `All your photos, videos, documents and account data will be deleted by ${date}.`,
    ],
    settingsLine: 'Do not want e-mails from us?',
    settingsLink: 'E-mail settings',
  },
  nb_NO: {
    deletionSubject: (brand) => `${brand}-kontoen din blir slettet`,
    deletionBody: (brand, date) => [
      `Vi har mottatt forespørselen din om å slette ${brand}-kontoen din.`,
      'Du er logget ut av alle enhetene dine.',
      `Alle bildene, videoene, dokumentene og kontodataene dine blir slettet innen ${date}.`,
    ],
    settingsLine: 'Vil du ikke ha e-post fra oss?',
    settingsLink: 'E-postinnstillinger',
  },
  sv_SE: {
    deletionSubject: (brand) => `Ditt ${brand}-konto raderas`,
    deletionBody: (brand, date) => [
      `Vi har tagit emot din begäran om att radera ditt ${brand}-konto.`,
      'Du har loggats ut från alla dina enheter.',
      `Alla dina bilder, videor, dokument och kontouppgifter raderas senast ${date}.`,
    ],
    settingsLine: 'Vill du inte få e-post från oss?',
    settingsLink: 'E-postinställningar',
  },
  bg_BG: {
    deletionSubject: (brand) => `Вашият акаунт в ${brand} се изтрива`,
    deletionBody: (brand, date) => [
      `Получихме заявката ви за изтриване на акаунта ви в ${brand}.`,
      'Излязохте от всичките си устройства.',
      `Всички ваши снимки, видеоклипове, документи и данни за акаунта ще бъдат изтрити до ${date}.`,
    ],
    settingsLine: 'Не искате имейли от нас?',
    settingsLink: 'Настройки за имейл',
  },
};

const longDate = (language: MailLanguage, at: number) =>
  new Intl.DateTimeFormat(LOCALE_TAG[language], { dateStyle: 'long', timeZone: 'UTC' }).format(at);

const page = (language: MailLanguage, paragraphs: string[]) =>
  `<!doctype html><html lang="${LOCALE_TAG[language]}"><body style="font-family:system-ui,sans-serif;color:#1b1f24">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
</body></html>`;

/** The confirmation of an account deletion request (account.md §4), in the account's language. */
export function composeDeletionMail(input: {
  language: string | null;
  brand: string;
  to: string;
  deleteBy: number;
  origin: string;
}): MailMessage {
  const language = mailLanguage(input.language);
  const t = TEXTS[language];
  const body = t.deletionBody(input.brand, longDate(language, input.deleteBy));
  return {
    to: [input.to],
    subject: t.deletionSubject(input.brand),
    text: body.join('\n\n'),
    html: page(language, body),
    origin: input.origin,
    transactional: true,
    language,
  };
}

/**
 * The footer every mail gets for each of its readers: a link to their e-mail settings, where they
 * can unsubscribe without signing in. Added to the text part and before the HTML body's end.
 */
export function withSettingsFooter(message: MailMessage, link: string): MailMessage {
  const t = TEXTS[mailLanguage(message.language ?? null)];
  const footer = `<p style="color:#5b6470;font-size:13px">${escapeHtml(t.settingsLine)} <a href="${escapeHtml(link)}">${escapeHtml(t.settingsLink)}</a></p>`;
  const html = message.html.includes('</body>')
    ? message.html.replace('</body>', `${footer}\n</body>`)
    : `${message.html}${footer}`;
  return { ...message, text: `${message.text}\n\n${t.settingsLine} ${t.settingsLink}: ${link}`, html };
}
