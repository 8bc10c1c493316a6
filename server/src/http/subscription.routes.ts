import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  FinishSetupIntent,
  GrantAction,
  OfflineCardConfirm,
  OfflinePaymentConfirm,
  PaymentCard,
  PaymentCustomer,
  PlanRequest,
  PurchaseReply,
  SetupIntent,
  StripeProductsReply,
  StripeSubscription,
  UserGrant,
} from '@nordlys/contract/subscription';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { OfflinePaymentProvider } from '../payments/offline-payment-provider';
import type { PaymentEvent } from '../payments/payment-provider';
import type { SubscriptionService } from '../services/subscription.service';
import { CommonQuery, ErrorReply } from './common-query';

export interface SubscriptionRoutesOptions {
  subscriptions: SubscriptionService;
  /** The offline provider's card form posts here; null when Stripe takes payments. */
  offline: OfflinePaymentProvider | null;
  /** Verifies and reads a Stripe webhook; null without Stripe. */
  parseWebhook: ((rawBody: string, signature: string) => PaymentEvent) | null;
  testEndpoints: boolean;
}

const tags = ['subscriptions'];
const Grants = Type.Array(UserGrant);
const Subscriptions = Type.Array(StripeSubscription);
const errors = { 400: ErrorReply, 401: ErrorReply, 404: ErrorReply, 409: ErrorReply };

export async function subscriptionRoutes(
  app: FastifyInstance,
  { subscriptions, offline, parseWebhook, testEndpoints }: SubscriptionRoutesOptions,
) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/st/4/stripe_products',
    {
      schema: {
        tags,
        summary: 'Plans for sale and the free-trial days a first subscription gets',
        querystring: CommonQuery,
        response: { 200: StripeProductsReply, 401: ErrorReply },
      },
    },
    async (request) => subscriptions.products((await request.requireSession()).userId),
  );

  api.get(
    '/st/4/user_grants',
    {
      schema: {
        tags,
        summary: "The caller's unexpired storage grants; `_links` name what may be done with each",
        querystring: CommonQuery,
        response: { 200: Grants, 401: ErrorReply },
      },
    },
    async (request) => subscriptions.grantsOf((await request.requireSession()).userId),
  );

  api.post(
    '/st/4/user_grants/:id/:action',
    {
      schema: {
        tags,
        summary: "Follow a grant's link: cancel at the period's end, reactivate, or cancel the upcoming plan",
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }), action: GrantAction }),
        querystring: CommonQuery,
        response: { 200: Grants, ...errors },
      },
    },
    async (request) =>
      subscriptions.followGrantLink(
        (await request.requireSession()).userId,
        request.params.id,
        request.params.action,
      ),
  );

  api.get(
    '/st/4/stripe/subscriptions',
    {
      schema: {
        tags,
        summary: "The caller's live subscriptions, with an upcoming plan's start",
        querystring: CommonQuery,
        response: { 200: Subscriptions, 401: ErrorReply },
      },
    },
    async (request) => subscriptions.subscriptionsOf((await request.requireSession()).userId),
  );

  api.post(
    '/st/4/stripe/v1/subscriptions/:id/refresh',
    {
      schema: {
        tags,
        summary: 'After the card holder confirmed a payment: read the subscription from the provider',
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }),
        querystring: CommonQuery,
        response: { 200: Subscriptions, ...errors },
      },
    },
    async (request) => subscriptions.refresh((await request.requireSession()).userId, request.params.id),
  );

  api.get(
    '/st/4/stripe_payment_method',
    {
      schema: {
        tags,
        summary: "The caller's card; 404 when none",
        querystring: CommonQuery,
        response: { 200: PaymentCard, 401: ErrorReply, 404: ErrorReply },
      },
    },
    async (request) => subscriptions.paymentMethod((await request.requireSession()).userId),
  );

  api.get(
    '/st/4/stripe/customer_exists',
    {
      schema: {
        tags,
        summary: '200 when the caller is a payment customer; 404 create one; 409 stop (another provider)',
        querystring: CommonQuery,
        response: {
          200: Type.Object({ exists: Type.Literal(true) }),
          401: ErrorReply,
          404: ErrorReply,
          409: ErrorReply,
        },
      },
    },
    async (request) => {
      await subscriptions.customerExists((await request.requireSession()).userId);
      return { exists: true as const };
    },
  );

  api.post(
    '/st/4/stripe/create_customer',
    {
      schema: {
        tags,
        summary: 'Make the caller a payment customer (an empty name falls back to the e-mail)',
        querystring: CommonQuery,
        body: PaymentCustomer,
        response: { 201: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await subscriptions.createCustomer((await request.requireSession()).userId, request.body);
      return reply.status(201).send(null);
    },
  );

  api.post(
    '/st/4/stripe/create_setup_intent',
    {
      schema: {
        tags,
        summary: 'Start saving a card: the client secret the card form confirms',
        querystring: CommonQuery,
        response: { 200: SetupIntent, ...errors },
      },
    },
    async (request) => subscriptions.createSetupIntent((await request.requireSession()).userId),
  );

  api.post(
    '/st/4/stripe/finish_setup_intent',
    {
      schema: {
        tags,
        summary: 'Keep the card a confirmed setup intent saved as the one renewals charge',
        querystring: CommonQuery,
        body: FinishSetupIntent,
        response: { 200: PaymentCard, ...errors },
      },
    },
    async (request) =>
      subscriptions.finishSetupIntent((await request.requireSession()).userId, request.body.setup_intent_id),
  );

  const purchaseResponses = { ...errors, 402: ErrorReply };
  api.post(
    '/st/4/stripe/v1/purchase',
    {
      schema: {
        tags,
        summary: 'Buy a plan with the saved card; `status` in the answer means the card needs an action',
        querystring: CommonQuery,
        body: PlanRequest,
        response: { 201: PurchaseReply, ...purchaseResponses },
      },
    },
    async (request, reply) => {
      const answer = await subscriptions.purchase((await request.requireSession()).userId, request.body.plan);
      return reply.status(201).send(answer);
    },
  );

  api.put(
    '/st/4/stripe/v1/purchase',
    {
      schema: {
        tags,
        summary:
          'Change the plan: bigger or yearly at once, smaller at the period end; `status` means action required',
        querystring: CommonQuery,
        body: PlanRequest,
        response: { 200: PurchaseReply, ...purchaseResponses },
      },
    },
    async (request) => subscriptions.update((await request.requireSession()).userId, request.body.plan),
  );

  if (offline) {
    api.post(
      '/st/4/offline_payments/confirm_setup',
      {
        schema: {
          tags,
          summary: "The offline provider's card form: confirm a setup intent with a test card",
          querystring: CommonQuery,
          body: OfflineCardConfirm,
          response: { 204: Type.Null(), 400: ErrorReply, 401: ErrorReply, 402: ErrorReply, 404: ErrorReply },
        },
      },
      async (request, reply) => {
        await request.requireSession();
        await offline.confirmSetup(request.body);
        return reply.status(204).send(null);
      },
    );
    api.post(
      '/st/4/offline_payments/confirm_payment',
      {
        schema: {
          tags,
          summary: 'The offline provider: the card holder confirms a payment that needed an action',
          querystring: CommonQuery,
          body: OfflinePaymentConfirm,
          response: { 204: Type.Null(), 401: ErrorReply, 404: ErrorReply },
        },
      },
      async (request, reply) => {
        await request.requireSession();
        await offline.confirmPayment(request.body.client_secret);
        return reply.status(204).send(null);
      },
    );
  }

  if (parseWebhook) {
    // The signature is over the exact bytes sent, so this route reads its body as text.
    await app.register(async (scope) => {
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
        done(null, body),
      );
      scope.withTypeProvider<TypeBoxTypeProvider>().post(
        '/st/4/stripe/webhook',
        {
          schema: {
            tags,
            summary:
              "Stripe's events (renewals, failed payments, ended subscriptions), verified by signature",
            headers: Type.Object({ 'stripe-signature': Type.String({ minLength: 1, maxLength: 2048 }) }),
            response: { 200: Type.Object({ received: Type.Literal(true) }), 400: ErrorReply },
          },
        },
        async (request) => {
          const event = parseWebhook(String(request.body), request.headers['stripe-signature']);
          await subscriptions.handleEvent(event);
          return { received: true as const };
        },
      );
    });
  }

  if (testEndpoints) {
    api.post(
      '/st/4/test/delete_stripe_data',
      {
        schema: {
          tags: ['test'],
          summary: "Delete the caller's payment customer, card and subscriptions (test servers only)",
          querystring: CommonQuery,
          response: { 204: Type.Null(), 401: ErrorReply },
        },
      },
      async (request, reply) => {
        await subscriptions.deleteTestData((await request.requireSession()).userId);
        return reply.status(204).send(null);
      },
    );
  }
}
