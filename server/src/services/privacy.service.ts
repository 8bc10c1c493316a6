import {
  CONSENT_TYPES,
  type ConsentUpdate,
  type ConsentValues,
  type DigitalLegacy,
  type DigitalLegacyRequest,
  type LegacyChoice,
  type LegacyContact,
  legacyContactProblem,
} from '@nordlys/contract/privacy';
import { badRequest, conflict, notFound } from '../domain/errors';
import type { Repositories } from '../store/repositories';
import type { Clock } from './account.service';

const PROBLEM_TEXT = {
  required: 'must not be empty',
  phone: 'must be 8 to 14 digits, optionally after a +',
  email: 'must be an e-mail address',
} as const;

export interface PrivacyDeps {
  repos: Pick<Repositories, 'privacy' | 'users'>;
  clock: Clock;
  /** The terms of service users must have approved; null when there are none to approve. */
  termsVersion: string | null;
}

/** What the account info says about privacy: terms to approve, a sunset deletion date, analytics. */
export interface AccountNotices {
  tos_to_approve: string | null;
  /** `YYYY-MM-DD` (UTC). */
  sunset_delete_date: string | null;
  /** Analytics are permitted with the help_us_improve consent. */
  permitted_services: { analytics: boolean };
}

/** Consents, digital legacy, terms of service and the sunset date (account.md §3, §4, §7). */
export function createPrivacyService({ repos, clock, termsVersion }: PrivacyDeps) {
  return {
    async consents(userId: string): Promise<ConsentValues> {
      const stored = await repos.privacy.consentsOf(userId);
      return {
        consents: Object.fromEntries(
          CONSENT_TYPES.map((key) => [key, { value: stored.get(key) ?? false }]),
        ) as ConsentValues['consents'],
      };
    },

    async setConsents(userId: string, update: ConsentUpdate): Promise<ConsentValues> {
      const at = clock();
      for (const key of CONSENT_TYPES) {
        const value = update[key];
        if (value !== undefined) await repos.privacy.setConsent(userId, key, value, at);
      }
      return this.consents(userId);
    },

    async hasConsent(userId: string, key: (typeof CONSENT_TYPES)[number]): Promise<boolean> {
      return (await repos.privacy.consentsOf(userId)).get(key) ?? false;
    },

    async legacy(userId: string): Promise<DigitalLegacy> {
      const row = await repos.privacy.find(userId);
      const contact = row?.legacy_contact ? (JSON.parse(row.legacy_contact) as LegacyContact) : null;
      return {
        choice: (row?.legacy_choice as LegacyChoice | null | undefined) ?? null,
        digital_legacy_data: { contact_information: contact ? [contact] : [] },
      };
    },

    /**
     * The contact is required for 'provide to contact' and checked by the same rule as the form's;
     * other choices forget any contact kept before.
     */
    async setLegacy(userId: string, request: DigitalLegacyRequest): Promise<DigitalLegacy> {
      let contact: LegacyContact | null = null;
      if (request.choice === 'provide_content_to_contact') {
        const given = request.contact_information?.[0];
        if (!given)
          throw badRequest('body.contact_information must hold one contact for provide_content_to_contact');
        const problem = legacyContactProblem(given);
        if (problem) {
          throw badRequest(`body.contact_information.0.${problem.field} ${PROBLEM_TEXT[problem.problem]}`);
        }
        contact = {
          name: given.name.trim(),
          phone_number: given.phone_number.trim(),
          email_address: given.email_address.trim(),
          address: given.address.trim(),
        };
      }
      await repos.privacy.update(userId, {
        legacy_choice: request.choice,
        legacy_language: request.language,
        legacy_contact: contact ? JSON.stringify(contact) : null,
      });
      return this.legacy(userId);
    },

    async notices(userId: string): Promise<AccountNotices> {
      const [row, consents] = await Promise.all([
        repos.privacy.find(userId),
        repos.privacy.consentsOf(userId),
      ]);
      return {
        permitted_services: { analytics: consents.get('help_us_improve') ?? false },
        tos_to_approve: termsVersion !== null && row?.tos_version !== termsVersion ? termsVersion : null,
        sunset_delete_date:
          row?.sunset_delete_at != null ? new Date(row.sunset_delete_at).toISOString().slice(0, 10) : null,
      };
    },

    /** Only the current version can be approved: an old page must not approve terms it never showed. */
    async approveTerms(userId: string, version: string): Promise<void> {
      if (termsVersion === null || version !== termsVersion) {
        throw conflict(`tos_version ${version} is not the current terms of service`);
      }
      await repos.privacy.update(userId, { tos_version: version, tos_approved_at: clock() });
    },

    /** The admin's sunset date for an account (`YYYY-MM-DD`), or null to clear it. */
    async setSunsetDate(email: string, date: string | null): Promise<void> {
      const user = await repos.users.findByEmail(email);
      if (!user) throw notFound(`No account for ${email}`);
      let at: number | null = null;
      if (date !== null) {
        at = Date.parse(`${date}T00:00:00Z`);
        if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(at))
          throw badRequest('--date must be YYYY-MM-DD');
      }
      await repos.privacy.update(user.id, { sunset_delete_at: at });
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
