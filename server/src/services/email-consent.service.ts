import { randomBytes } from 'node:crypto';
import { type EmailConsent, emailSettingsPath } from '@nordlys/contract/privacy';
import type { SignedInCaller } from '../domain/caller';
import { badRequest, notFound } from '../domain/errors';
import { withSettingsFooter } from '../mail/account-mail';
import type { Mailer } from '../mail/mailer';
import type { Repositories } from '../store/repositories';
import type { Clock } from './account.service';

const newIdentifier = () => randomBytes(24).toString('base64url');

export interface EmailConsentDeps {
  repos: Pick<Repositories, 'emailConsents'>;
  clock: Clock;
  /** Where mail links point when a message does not say (PUBLIC_URL, else the local address). */
  fallbackOrigin: string;
}

/**
 * E-mail consent by address (account.md §7 `/user/email_consent`): each address gets an identifier
 * on first need; it goes in every mail sent to the address, and whoever holds it may read and
 * change the consent without signing in (the unsubscribe link). Signed in, the caller's own
 * address is meant.
 */
export function createEmailConsentService({ repos, clock, fallbackOrigin }: EmailConsentDeps) {
  const ensure = (email: string) => repos.emailConsents.ensure(email, newIdentifier(), clock());

  async function resolve(identifier: string | undefined, session: SignedInCaller | null) {
    if (identifier) {
      const row = await repos.emailConsents.byIdentifier(identifier);
      if (!row) throw notFound('Unknown e-mail consent identifier');
      return row;
    }
    if (!session) throw badRequest('querystring.email_consent_identifier is required without sign-in');
    return ensure(session.email);
  }

  const reply = (row: { identifier: string; consent: number }): EmailConsent => ({
    email_consent: row.consent === 1,
    email_consent_identifier: row.identifier,
  });

  return {
    async get(identifier: string | undefined, session: SignedInCaller | null): Promise<EmailConsent> {
      return reply(await resolve(identifier, session));
    },

    async set(
      identifier: string | undefined,
      session: SignedInCaller | null,
      consent: boolean,
    ): Promise<EmailConsent> {
      const row = await resolve(identifier, session);
      await repos.emailConsents.setConsent(row.identifier, consent, clock());
      return reply({ identifier: row.identifier, consent: consent ? 1 : 0 });
    },

    /** The caller's own identifier (the test endpoint `/test/email_consent_id`). */
    async identifierOf(email: string): Promise<string> {
      return (await ensure(email)).identifier;
    },

    /**
     * The mailer every service sends through: one message per reader, each with a link to that
     * reader's e-mail settings; readers who unsubscribed get only mail about their own account.
     */
    withConsent(mailer: Mailer): Mailer {
      return {
        async send(message) {
          for (const to of message.to) {
            const row = await ensure(to);
            if (row.consent !== 1 && !message.transactional) continue;
            const link = `${message.origin ?? fallbackOrigin}${emailSettingsPath(row.identifier)}`;
            await mailer.send(withSettingsFooter({ ...message, to: [to] }, link));
          }
        },
        close: () => mailer.close(),
      };
    },
  };
}

export type EmailConsentService = ReturnType<typeof createEmailConsentService>;
