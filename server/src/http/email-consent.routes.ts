import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ClientErrorReport,
  EmailConsent,
  EmailConsentQuery,
  EmailConsentUpdate,
} from '@nordlys/contract/privacy';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { ClientErrorService } from '../services/client-error.service';
import type { EmailConsentService } from '../services/email-consent.service';
import { CommonQuery, ErrorReply, withCommonQuery } from './common-query';

export interface EmailConsentRoutesOptions {
  emailConsents: EmailConsentService;
  clientErrors: ClientErrorService;
  /** `GET /test/email_consent_id` exists only when test endpoints are enabled. */
  testEndpoints: boolean;
}

/**
 * What works without signing in: e-mail consent by the identifier in a mail's link, and the
 * reports of the client's error boundary (errors happen signed out too).
 */
export async function emailConsentRoutes(
  app: FastifyInstance,
  { emailConsents, clientErrors, testEndpoints }: EmailConsentRoutesOptions,
) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/st/4/user/email_consent',
    {
      schema: {
        tags: ['privacy'],
        summary: 'Whether an address wants our mail, by the identifier in its mails (or signed in)',
        querystring: withCommonQuery(EmailConsentQuery),
        response: { 200: EmailConsent, 400: ErrorReply, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { email_consent_identifier: identifier } = request.query;
      return emailConsents.get(identifier, identifier ? null : await request.optionalSession());
    },
  );

  api.post(
    '/st/4/user/email_consent',
    {
      schema: {
        tags: ['privacy'],
        summary: 'Subscribe (true) or unsubscribe (false) an address, by identifier or signed in',
        querystring: CommonQuery,
        body: EmailConsentUpdate,
        response: { 200: EmailConsent, 400: ErrorReply, 404: ErrorReply },
      },
    },
    async (request) => {
      const { email_consent_identifier: identifier, email_consent: consent } = request.body;
      return emailConsents.set(identifier, identifier ? null : await request.optionalSession(), consent);
    },
  );

  api.post(
    '/st/4/client_errors',
    {
      schema: {
        tags: ['statistics'],
        summary: "An error the web client's error boundary caught",
        querystring: CommonQuery,
        body: ClientErrorReport,
        response: { 204: Type.Null(), 400: ErrorReply },
      },
    },
    async (request, reply) => {
      const session = await request.optionalSession().catch(() => null);
      await clientErrors.report(session?.userId ?? null, request.body, request.headers['user-agent'] ?? null);
      return reply.status(204).send(null);
    },
  );

  if (testEndpoints) {
    api.get(
      '/st/4/test/email_consent_id',
      {
        schema: {
          tags: ['test'],
          summary: "The caller's e-mail consent identifier (test endpoints only)",
          querystring: CommonQuery,
          response: { 200: Type.Object({ email_consent_identifier: Type.String() }), 401: ErrorReply },
        },
      },
      async (request) => ({
        email_consent_identifier: await emailConsents.identifierOf((await request.requireSession()).email),
      }),
    );
  }
}
