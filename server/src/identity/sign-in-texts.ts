import type { Locale } from '@nordlys/contract/constants';
import { chooseLocale, localeTag } from '@nordlys/contract/language-rule';

/** Everything the built-in provider's pages say, in the product's four languages. */
export interface SignInTexts {
  signInTitle: string;
  signInLead: string;
  createTitle: string;
  /** With DEFAULT_STORAGE_GIB: the free plan every new account starts with. */
  createLead: string;
  /** Without it: a new account is read-only until it subscribes. */
  createLeadReadOnly: string;
  email: string;
  password: string;
  passwordHint: string;
  name: string;
  signIn: string;
  create: string;
  noAccount: string;
  toCreate: string;
  haveAccount: string;
  toSignIn: string;
  required: string;
  invalid: string;
  emailInvalid: string;
  passwordTooShort: string;
  nameTooLong: string;
  nameInvalid: string;
  wrongCredentials: string;
  tooManyAttempts: string;
  emailTaken: string;
  expiredTitle: string;
  expired: string;
  errorTitle: string;
  error: string;
  backToApp: string;
}

const TEXTS: Record<Locale, SignInTexts> = {
  en_US: {
    signInTitle: 'Sign in',
    signInLead: 'Sign in to {brand} to see your photos, videos and documents.',
    createTitle: 'Create your account',
    createLead:
      'Start with a free plan of {gib} GB for your photos, videos and documents. Subscribe when you need more.',
    createLeadReadOnly:
      'Take part in albums others share with you. To upload your own photos and videos, subscribe to a storage plan.',
    email: 'E-mail',
    password: 'Password',
    passwordHint: 'At least {min} characters',
    name: 'Name',
    signIn: 'Sign in',
    create: 'Create account',
    noAccount: 'New to {brand}?',
    toCreate: 'Create an account',
    haveAccount: 'Already have an account?',
    toSignIn: 'Sign in',
    required: 'Field is required',
    invalid: 'Value is invalid',
    emailInvalid: 'Enter a valid e-mail address',
    passwordTooShort: 'The password must be at least {min} characters',
    nameTooLong: 'The name can be at most {max} characters',
    nameInvalid: 'The name contains characters that cannot be used, such as tabs',
    wrongCredentials: 'Wrong e-mail or password',
    tooManyAttempts: 'Too many failed attempts. Try again in {minutes} minutes.',
    emailTaken: 'An account with this e-mail already exists. Sign in instead.',
    expiredTitle: 'This sign-in has expired',
    expired: 'Go back to {brand} and start again.',
    errorTitle: 'Oops! Something went wrong.',
    error: 'The sign-in could not be completed. Go back to {brand} and try again.',
    backToApp: 'Back to {brand}',
  },
  nb_NO: {
    signInTitle: 'Logg inn',
    signInLead: 'Logg inn på {brand} for å se bildene, videoene og dokumentene dine.',
    createTitle: 'Opprett konto',
    createLead:
      'Start med en gratis plan på {gib} GB til bilder, videoer og dokumenter. Abonner når du trenger mer.',
    createLeadReadOnly:
      'Vær med i album andre deler med deg. For å laste opp dine egne bilder og videoer abonnerer du på en lagringsplan.',
    email: 'E-post',
    password: 'Passord',
    passwordHint: 'Minst {min} tegn',
    name: 'Navn',
    signIn: 'Logg inn',
    create: 'Opprett konto',
    noAccount: 'Ny hos {brand}?',
    toCreate: 'Opprett en konto',
    haveAccount: 'Har du allerede en konto?',
    toSignIn: 'Logg inn',
    required: 'Feltet må fylles ut',
    invalid: 'Verdien er ikke gyldig',
    emailInvalid: 'Skriv inn en gyldig e-postadresse',
    passwordTooShort: 'Passordet må ha minst {min} tegn',
    nameTooLong: 'Navnet kan ha høyst {max} tegn',
    nameInvalid: 'Navnet inneholder tegn som ikke kan brukes, for eksempel tabulatorer',
    wrongCredentials: 'Feil e-post eller passord',
    tooManyAttempts: 'For mange mislykkede forsøk. Prøv igjen om {minutes} minutter.',
    emailTaken: 'Det finnes allerede en konto med denne e-postadressen. Logg inn i stedet.',
    expiredTitle: 'Innloggingen er utløpt',
    expired: 'Gå tilbake til {brand} og start på nytt.',
    errorTitle: 'Oisann! Noe gikk galt.',
    error: 'Innloggingen kunne ikke fullføres. Gå tilbake til {brand} og prøv igjen.',
    backToApp: 'Tilbake til {brand}',
  },
  sv_SE: {
    signInTitle: 'Logga in',
    signInLead: 'Logga in på {brand} för att se dina bilder, videor och dokument.',
    createTitle: 'Skapa konto',
    createLead:
      'Börja med en gratis plan på {gib} GB för bilder, videor och dokument. Prenumerera när du behöver mer.',
    createLeadReadOnly:
      'Var med i album som andra delar med dig. Prenumerera på en lagringsplan för att ladda upp egna bilder och videor.',
    email: 'E-post',
    password: 'Lösenord',
    passwordHint: 'Minst {min} tecken',
    name: 'Namn',
    signIn: 'Logga in',
    create: 'Skapa konto',
    noAccount: 'Ny på {brand}?',
    toCreate: 'Skapa ett konto',
    haveAccount: 'Har du redan ett konto?',
    toSignIn: 'Logga in',
    required: 'Fältet måste fyllas i',
    invalid: 'Värdet är ogiltigt',
    emailInvalid: 'Ange en giltig e-postadress',
    passwordTooShort: 'Lösenordet måste ha minst {min} tecken',
    nameTooLong: 'Namnet får ha högst {max} tecken',
    nameInvalid: 'Namnet innehåller tecken som inte kan användas, till exempel tabbar',
    wrongCredentials: 'Fel e-post eller lösenord',
    tooManyAttempts: 'För många misslyckade försök. Försök igen om {minutes} minuter.',
    emailTaken: 'Det finns redan ett konto med den här e-postadressen. Logga in i stället.',
    expiredTitle: 'Inloggningen har gått ut',
    expired: 'Gå tillbaka till {brand} och börja om.',
    errorTitle: 'Hoppsan! Något gick fel.',
    error: 'Inloggningen kunde inte slutföras. Gå tillbaka till {brand} och försök igen.',
    backToApp: 'Tillbaka till {brand}',
  },
  bg_BG: {
    signInTitle: 'Вход',
    signInLead: 'Влезте в {brand}, за да видите своите снимки, видеоклипове и документи.',
    createTitle: 'Създаване на профил',
    createLead:
      'Започнете с безплатен план от {gib} GB за снимки, видеоклипове и документи. Абонирайте се, когато ви трябва повече.',
    createLeadReadOnly:
      'Участвайте в албуми, споделени с вас. За да качвате свои снимки и видеоклипове, абонирайте се за план за съхранение.',
    email: 'Имейл',
    password: 'Парола',
    passwordHint: 'Поне {min} знака',
    name: 'Име',
    signIn: 'Вход',
    create: 'Създаване на профил',
    noAccount: 'Нов сте в {brand}?',
    toCreate: 'Създайте профил',
    haveAccount: 'Вече имате профил?',
    toSignIn: 'Влезте',
    required: 'Полето е задължително',
    invalid: 'Стойността е невалидна',
    emailInvalid: 'Въведете валиден имейл адрес',
    passwordTooShort: 'Паролата трябва да е поне {min} знака',
    nameTooLong: 'Името може да е най-много {max} знака',
    nameInvalid: 'Името съдържа знаци, които не могат да се използват, например табулации',
    wrongCredentials: 'Грешен имейл или парола',
    tooManyAttempts: 'Твърде много неуспешни опити. Опитайте отново след {minutes} минути.',
    emailTaken: 'Вече има профил с този имейл. Влезте вместо това.',
    expiredTitle: 'Влизането е изтекло',
    expired: 'Върнете се в {brand} и започнете отначало.',
    errorTitle: 'Опа! Нещо се обърка.',
    error: 'Влизането не можа да бъде завършено. Върнете се в {brand} и опитайте отново.',
    backToApp: 'Обратно към {brand}',
  },
};

export function signInTexts(locale: Locale): SignInTexts {
  return TEXTS[locale];
}

/** Fills `{name}` placeholders. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/**
 * The web client's language rule, so the sign-in pages speak the language the app does: the
 * `lang` cookie, then the OpenID `ui_locales`, then Accept-Language (in preference order), then
 * Norwegian on a Norwegian host and English elsewhere.
 */
export function chooseSignInLocale(input: {
  langCookie?: string;
  uiLocales?: string;
  acceptLanguage?: string;
  onNorwegianHost: boolean;
}): Locale {
  const accepted = (input.acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return chooseLocale({
    chosen: input.langCookie,
    preferred: [...(input.uiLocales ?? '').split(' ').filter(Boolean), ...accepted.map(({ tag }) => tag)],
    onNorwegianHost: input.onNorwegianHost,
  });
}

export const htmlLang: (locale: Locale) => string = localeTag;
