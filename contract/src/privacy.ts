import { type Static, Type } from 'typebox';
import { PlainText } from './plain-text';

/**
 * Privacy and the account's life (account.md §3, §4, §7): consents, the copy of one's data,
 * digital legacy, account deletion, e-mail consent and terms of service. Paths are under API_BASE.
 *
 * - `GET /data_protection/consent_values` → ConsentValues; `POST` a ConsentUpdate (one or more
 *   keys with booleans) → ConsentValues. A key never set reads false.
 * - `GET /data_protection/request_data_access_availability` → 200 DataAccessAvailability, or 429
 *   `metadata recently downloaded, please wait 24 hours` within 24 h of the last request.
 * - `POST /data_protection/request_data_access` → 202 DataCopy (built in the background; 429 as
 *   above). `GET /data_protection/data_copy` → DataCopy of the newest request, null before the first.
 *   `GET /data_protection/data_copy/{id}/download` → the ZIP of JSON files, once `ready`.
 * - `POST /data_protection/request_account_deletion` → 202 AccountDeletion: every device is signed
 *   out at once, a confirmation mail goes out and all data and bytes are deleted by `delete_by`.
 * - `GET /digital_legacy` → DigitalLegacy; `POST` a DigitalLegacyRequest → DigitalLegacy. A bad
 *   phone or e-mail answers 400 naming the field.
 * - `GET /user/email_consent?email_consent_identifier=` → EmailConsent; `POST` EmailConsentUpdate →
 *   EmailConsent. Without sign-in the identifier (sent in every mail) names the address; signed in,
 *   it may be left out and the caller's address is meant. An unknown identifier answers 404.
 * - `POST /approve_tos` TosApproval → 204; a version other than the current one answers 409.
 * - `POST /client_errors` ClientErrorReport → 204 (signed in or not).
 */

export const CONSENT_TYPES = [
  'facial_recognition',
  'advanced_filtering_and_categorization',
  'face_grouping',
  'help_us_improve',
  'stay_up_to_date__email',
  'stay_up_to_date__push_notification',
  'stay_up_to_date__sms',
] as const;
export type ConsentType = (typeof CONSENT_TYPES)[number];

export const ConsentUpdate = Type.Object(
  Object.fromEntries(CONSENT_TYPES.map((key) => [key, Type.Optional(Type.Boolean())])),
  { additionalProperties: false, minProperties: 1 },
);
export type ConsentUpdate = Partial<Record<ConsentType, boolean>>;

export const ConsentValues = Type.Object({
  consents: Type.Record(Type.String(), Type.Object({ value: Type.Boolean() })),
});
export type ConsentValues = { consents: Record<ConsentType, { value: boolean }> };

/** account.md §5, §9: one copy of one's data per 24 hours. */
export const DATA_COPY_COOLDOWN_MS = 24 * 60 * 60 * 1000;
export const DATA_COPY_TOO_SOON = 'metadata recently downloaded, please wait 24 hours';

export const DataAccessAvailability = Type.Object({
  available: Type.Literal(true),
});

export const DataCopy = Type.Object({
  id: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('ready'), Type.Literal('failed')]),
  /** Epoch milliseconds. */
  requested_at: Type.Number(),
  ready_at: Type.Union([Type.Number(), Type.Null()]),
  /** Under API_BASE; null until ready. */
  download_path: Type.Union([Type.String(), Type.Null()]),
});
export type DataCopy = Static<typeof DataCopy>;

/** account.md §9: deletion completes within 30 days of the request. */
export const ACCOUNT_DELETION_DAYS = 30;

export const AccountDeletion = Type.Object({
  requested_at: Type.Number(),
  /** Epoch milliseconds by which every record and byte is gone. */
  delete_by: Type.Number(),
});
export type AccountDeletion = Static<typeof AccountDeletion>;

export const LEGACY_CHOICES = [
  'only_provide_content_explicitly_detailed_in_my_will',
  'do_not_provide_content_to_anybody',
  'provide_content_to_contact',
] as const;
export type LegacyChoice = (typeof LEGACY_CHOICES)[number];

/** account.md §5: 8 to 14 digits, a leading + allowed. */
const PHONE = /^\+?[0-9]{8,14}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isLegacyPhone = (value: string) => PHONE.test(value.trim());
export const isEmailAddress = (value: string) => EMAIL.test(value.trim());

export const LegacyContact = Type.Object(
  {
    name: PlainText({ minLength: 1, maxLength: 255 }),
    phone_number: PlainText({ minLength: 1, maxLength: 32 }),
    email_address: PlainText({ minLength: 1, maxLength: 320 }),
    address: PlainText({ minLength: 1, maxLength: 1000 }),
  },
  { additionalProperties: false },
);
export type LegacyContact = Static<typeof LegacyContact>;

export type LegacyContactField = keyof LegacyContact;

/**
 * The first problem of a contact, the same rule on both sides: the field and why. Fields are
 * required once trimmed; the phone and e-mail must have their shapes.
 */
export function legacyContactProblem(
  contact: LegacyContact,
): { field: LegacyContactField; problem: 'required' | 'phone' | 'email' } | null {
  for (const field of ['name', 'phone_number', 'email_address', 'address'] as const) {
    if (!contact[field].trim()) return { field, problem: 'required' };
  }
  if (!isLegacyPhone(contact.phone_number)) return { field: 'phone_number', problem: 'phone' };
  if (!isEmailAddress(contact.email_address)) return { field: 'email_address', problem: 'email' };
  return null;
}

const LegacyChoiceSchema = Type.Union([
  Type.Literal('only_provide_content_explicitly_detailed_in_my_will'),
  Type.Literal('do_not_provide_content_to_anybody'),
  Type.Literal('provide_content_to_contact'),
]);

export const DigitalLegacyRequest = Type.Object(
  {
    choice: LegacyChoiceSchema,
    language: Type.Union([
      Type.Literal('nb_NO'),
      Type.Literal('en_US'),
      Type.Literal('sv_SE'),
      Type.Literal('bg_BG'),
    ]),
    contact_information: Type.Optional(Type.Array(LegacyContact, { maxItems: 1 })),
  },
  { additionalProperties: false },
);
export type DigitalLegacyRequest = Static<typeof DigitalLegacyRequest>;

export const DigitalLegacy = Type.Object({
  choice: Type.Union([LegacyChoiceSchema, Type.Null()]),
  digital_legacy_data: Type.Object({ contact_information: Type.Array(LegacyContact) }),
});
export type DigitalLegacy = Static<typeof DigitalLegacy>;

export const EmailConsentQuery = {
  email_consent_identifier: Type.Optional(
    Type.String({ minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
  ),
};

export const EmailConsentUpdate = Type.Object(
  {
    email_consent: Type.Boolean(),
    email_consent_identifier: Type.Optional(
      Type.String({ minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
    ),
  },
  { additionalProperties: false },
);
export type EmailConsentUpdate = Static<typeof EmailConsentUpdate>;

export const EmailConsent = Type.Object({
  /** True means subscribed. */
  email_consent: Type.Boolean(),
  email_consent_identifier: Type.String(),
});
export type EmailConsent = Static<typeof EmailConsent>;

export const TosApproval = Type.Object(
  { tos_version: PlainText({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);
export type TosApproval = Static<typeof TosApproval>;

export const ClientErrorReport = Type.Object(
  {
    message: PlainText({ maxLength: 2000 }),
    stack: Type.Optional(Type.String({ maxLength: 16_000 })),
    url: Type.Optional(PlainText({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);
export type ClientErrorReport = Static<typeof ClientErrorReport>;

/** The web path of the e-mail settings page an identifier opens. */
export const emailSettingsPath = (identifier: string) =>
  `/emailSettings?id=${encodeURIComponent(identifier)}`;
