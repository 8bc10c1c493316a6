import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AccountDeletion,
  ConsentUpdate,
  ConsentValues,
  DataAccessAvailability,
  DataCopy,
  DigitalLegacy,
  DigitalLegacyRequest,
  TosApproval,
} from '@nordlys/contract/privacy';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { Config } from '../config';
import type { AccountDeletionService } from '../services/account-deletion.service';
import type { DataCopyService } from '../services/data-copy.service';
import type { PrivacyService } from '../services/privacy.service';
import { CommonQuery, ErrorReply } from './common-query';
import { contentDisposition } from './content-disposition';
import { originOf } from './origin';

export interface PrivacyRoutesOptions {
  config: Pick<Config, 'publicUrl'>;
  privacy: PrivacyService;
  dataCopies: DataCopyService;
  deletion: AccountDeletionService;
}

const Errors = { 400: ErrorReply, 401: ErrorReply };

/** Consents, the copy of one's data, account deletion, digital legacy and terms (contract/privacy). */
export async function privacyRoutes(
  app: FastifyInstance,
  { config, privacy, dataCopies, deletion }: PrivacyRoutesOptions,
) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['privacy'];

  api.get(
    '/st/4/data_protection/consent_values',
    {
      schema: {
        tags,
        summary: 'Every consent of the caller (false when never given)',
        querystring: CommonQuery,
        response: { 200: ConsentValues, ...Errors },
      },
    },
    async (request) => privacy.consents((await request.requireSession()).userId),
  );

  api.post(
    '/st/4/data_protection/consent_values',
    {
      schema: {
        tags,
        summary: 'Give or withdraw consents: `{"<type>": true|false}`',
        querystring: CommonQuery,
        body: ConsentUpdate,
        response: { 200: ConsentValues, ...Errors },
      },
    },
    async (request) => privacy.setConsents((await request.requireSession()).userId, request.body),
  );

  api.get(
    '/st/4/data_protection/request_data_access_availability',
    {
      schema: {
        tags,
        summary: 'Whether a copy of the data may be requested now (429 within 24 h of the last)',
        querystring: CommonQuery,
        response: { 200: DataAccessAvailability, 429: ErrorReply, ...Errors },
      },
    },
    async (request) => {
      await dataCopies.requireAvailable((await request.requireSession()).userId);
      return { available: true as const };
    },
  );

  api.post(
    '/st/4/data_protection/request_data_access',
    {
      schema: {
        tags,
        summary: 'Request a copy of the data (a ZIP of JSON files, built in the background)',
        querystring: CommonQuery,
        response: { 202: DataCopy, 429: ErrorReply, ...Errors },
      },
    },
    async (request, reply) => {
      const copy = await dataCopies.request((await request.requireSession()).userId);
      return reply.status(202).send(copy);
    },
  );

  api.get(
    '/st/4/data_protection/data_copy',
    {
      schema: {
        tags,
        summary: 'The newest requested copy and, once ready, its download path; null before the first',
        querystring: CommonQuery,
        response: { 200: Type.Union([DataCopy, Type.Null()]), ...Errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return dataCopies.latest((await request.requireSession()).userId);
    },
  );

  api.get(
    '/st/4/data_protection/data_copy/:id/download',
    {
      compress: false,
      schema: {
        tags,
        summary: 'The ZIP of a ready copy',
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        querystring: CommonQuery,
        response: { 404: ErrorReply, ...Errors },
      },
    },
    async (request, reply) => {
      const { userId } = await request.requireSession();
      const copy = await dataCopies.open(userId, request.params.id);
      const day = new Date(copy.requestedAt).toISOString().slice(0, 10);
      return (reply as FastifyReply)
        .type('application/zip')
        .header('content-disposition', contentDisposition('attachment', `my-data-${day}.zip`))
        .header('cache-control', 'private, no-store')
        .send(copy.stream);
    },
  );

  api.post(
    '/st/4/data_protection/request_account_deletion',
    {
      schema: {
        tags,
        summary: 'Delete the account: every device signed out now, all data gone within 30 days',
        querystring: CommonQuery,
        response: { 202: AccountDeletion, ...Errors },
      },
    },
    async (request, reply) => {
      const session = await request.requireSession();
      const outcome = await deletion.request(session, originOf(request, config.publicUrl));
      return reply.status(202).send(outcome);
    },
  );

  api.get(
    '/st/4/digital_legacy',
    {
      schema: {
        tags,
        summary: 'The digital legacy choice and its contact',
        querystring: CommonQuery,
        response: { 200: DigitalLegacy, ...Errors },
      },
    },
    async (request) => privacy.legacy((await request.requireSession()).userId),
  );

  api.post(
    '/st/4/digital_legacy',
    {
      schema: {
        tags,
        summary: 'Set the digital legacy choice (a contact for provide_content_to_contact)',
        querystring: CommonQuery,
        body: DigitalLegacyRequest,
        response: { 200: DigitalLegacy, ...Errors },
      },
    },
    async (request) => privacy.setLegacy((await request.requireSession()).userId, request.body),
  );

  api.post(
    '/st/4/approve_tos',
    {
      schema: {
        tags,
        summary: 'Approve the current terms of service (409 for another version)',
        querystring: CommonQuery,
        body: TosApproval,
        response: { 204: Type.Null(), 409: ErrorReply, ...Errors },
      },
    },
    async (request, reply) => {
      await privacy.approveTerms((await request.requireSession()).userId, request.body.tos_version);
      return reply.status(204).send(null);
    },
  );
}
