import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  LOGIN_REDIRECT_PATH,
  LOGIN_SCOPE,
  LoginConfig,
  LoginExchangeRequest,
  LoginExchangeResponse,
  WEB_CLIENT_ID,
} from '@nordlys/contract/account';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { IDP_PATH } from '../identity/built-in-provider';
import type { OidcRelyingParty } from '../identity/oidc-relying-party';
import type { IssuerChoice, LoginService } from '../services/login.service';
import { CommonQuery, ErrorReply } from './common-query';
import { originOf } from './origin';

export interface LoginRoutesOptions {
  config: Config;
  login: LoginService;
  relyingParty: OidcRelyingParty;
}

/** Sign-in without a token: where to send the browser, and the code exchange that ends in one. */
export async function loginRoutes(app: FastifyInstance, { config, login, relyingParty }: LoginRoutesOptions) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const issuerFor = (request: FastifyRequest): IssuerChoice =>
    config.oidc
      ? { ...config.oidc, builtIn: false }
      : {
          issuer: `${originOf(request, config.publicUrl)}${IDP_PATH}`,
          clientId: WEB_CLIENT_ID,
          clientSecret: null,
          builtIn: true,
        };

  api.get(
    '/st/4/login/config',
    {
      schema: {
        tags: ['login'],
        summary: 'Where the web client starts the sign-in (authorization code with PKCE S256)',
        querystring: CommonQuery,
        response: { 200: LoginConfig },
      },
    },
    async (request, reply) => {
      const choice = issuerFor(request);
      const authorizationEndpoint = choice.builtIn
        ? `${choice.issuer}/auth`
        : (await relyingParty.discover(choice.issuer)).authorization_endpoint;
      reply.header('cache-control', 'no-cache');
      return {
        issuer: choice.issuer,
        authorization_endpoint: authorizationEndpoint,
        client_id: choice.clientId,
        scope: LOGIN_SCOPE,
        redirect_path: LOGIN_REDIRECT_PATH,
      } as const;
    },
  );

  api.post(
    '/st/4/login/exchange',
    {
      schema: {
        tags: ['login'],
        summary: 'Redeem an authorization code: registers this device and returns its token',
        querystring: CommonQuery,
        body: LoginExchangeRequest,
        response: { 200: LoginExchangeResponse, 400: ErrorReply, 401: ErrorReply, 409: ErrorReply },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return login.exchange(request.body, issuerFor(request), originOf(request, config.publicUrl));
    },
  );
}
