import type { IncomingMessage } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { NAME_MAX_LENGTH } from '@nordlys/contract/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OidcContext, Provider } from 'oidc-provider';
import { Type } from 'typebox';
import type { Config } from '../config';
import {
  createBuiltInProvider,
  IDP_PATH,
  interactionPath,
  NAME_HINT_PARAM,
  type ProviderBasis,
} from '../identity/built-in-provider';
import { PASSWORD_MIN_LENGTH } from '../identity/password';
import {
  type FieldErrors,
  renderMessagePage,
  renderSignInPage,
  SIGN_IN_PAGE_CSP,
  type SignInMode,
} from '../identity/sign-in-page';
import { fill, signInTexts } from '../identity/sign-in-texts';
import type { LoginService, SignUpProblem } from '../services/login.service';
import { originOf } from './origin';
import { visitorLocale } from './visitor-locale';

type InteractionRequest = FastifyRequest & { params: { uid: string } };

export interface IdpPluginOptions {
  config: Config;
  login: LoginService;
  provider: ProviderBasis;
}

// Without PUBLIC_URL each origin the service is reached at gets its own issuer; the providers hold
// no state of their own (it is all in the database), so evicting one costs only a rebuild.
const MAX_PROVIDERS = 16;
const FORM_BODY_LIMIT = 16 * 1024;

/** The name a guest already gave in the app, for the create-account form; the form still checks it. */
function nameHint(params: Record<string, unknown>): string | undefined {
  const value = params[NAME_HINT_PARAM];
  if (typeof value !== 'string') return undefined;
  return value.trim().slice(0, NAME_MAX_LENGTH) || undefined;
}

/**
 * The built-in OpenID provider at /idp: oidc-provider's own endpoints (discovery, auth, token,
 * JWKS) passed through untouched, and our sign-in and create-account pages for its interactions.
 */
export async function idpPlugin(app: FastifyInstance, opts: IdpPluginOptions) {
  const { config, login, provider: basis } = opts;

  const pageContext = (headers: IncomingMessage['headers'], uiLocales?: unknown) => {
    const { norwegian, locale } = visitorLocale(
      headers,
      config.brand.norwegianHosts,
      typeof uiLocales === 'string' ? uiLocales : undefined,
    );
    return { brand: norwegian ? config.brand.nameNorway : config.brand.name, locale };
  };

  type Entry = { provider: Provider; handle: ReturnType<Provider['callback']> };
  // Promises, so that requests arriving while a provider is being built share that one build.
  const providers = new Map<string, Promise<Entry>>();
  function providerFor(request: FastifyRequest): Promise<Entry> {
    const origin = originOf(request, config.publicUrl);
    let entry = providers.get(origin);
    if (entry) {
      providers.delete(origin);
    } else {
      entry = createBuiltInProvider(origin, {
        ...basis,
        allowLoopbackRedirects: config.publicUrl === null,
        renderError(ctx: OidcContext, error: unknown) {
          const status = (error as { statusCode?: number }).statusCode ?? 500;
          if (status >= 500) app.log.error({ err: error }, 'identity provider error');
          // The pages' own policy: the app's would refuse their inline stylesheet.
          ctx.set('content-security-policy', SIGN_IN_PAGE_CSP);
          ctx.type = 'html';
          ctx.body = renderMessagePage({
            ...pageContext(ctx.headers as IncomingMessage['headers']),
            kind: 'error',
          });
        },
      }).then((provider) => ({ provider, handle: provider.callback() }));
      if (providers.size >= MAX_PROVIDERS) providers.delete(providers.keys().next().value as string);
    }
    providers.set(origin, entry);
    return entry;
  }

  // The provider's endpoints read their own bodies, so nothing here may consume the request stream.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const passThrough = async (request: FastifyRequest, reply: FastifyReply) => {
      const { handle } = await providerFor(request);
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '').slice(IDP_PATH.length) || '/';
      await handle(raw, reply.raw);
    };
    scope.all(IDP_PATH, { schema: { hide: true } }, passThrough);
    scope.all(`${IDP_PATH}/*`, { schema: { hide: true } }, passThrough);
  });

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<TypeBoxTypeProvider>();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    const Params = Type.Object({ uid: Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) });
    const Form = Type.Object({
      email: Type.Optional(Type.String()),
      password: Type.Optional(Type.String()),
      name: Type.Optional(Type.String()),
    });

    const html = (reply: FastifyReply, status: number, body: string) =>
      reply
        .status(status)
        .header('cache-control', 'no-store')
        .header('content-security-policy', SIGN_IN_PAGE_CSP)
        .header('x-frame-options', 'DENY')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(body);

    /** The interaction this browser is in, or null when it expired or belongs to another tab's cookie. */
    async function interactionOf(request: InteractionRequest, reply: FastifyReply) {
      const { provider } = await providerFor(request);
      try {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        return details.uid === request.params.uid ? { provider, details } : null;
      } catch {
        return null;
      }
    }

    const expired = (request: FastifyRequest, reply: FastifyReply) =>
      html(reply, 400, renderMessagePage({ ...pageContext(request.headers), kind: 'expired' }));

    const wantsCreate = (params: Record<string, unknown>) =>
      String(params.prompt ?? '')
        .split(' ')
        .includes('create');

    function page(
      request: InteractionRequest,
      details: { params: Record<string, unknown> },
      mode: SignInMode,
      values?: { email?: string; name?: string },
      errors?: FieldErrors,
    ) {
      const uid = request.params.uid;
      return renderSignInPage({
        ...pageContext(request.headers, details.params.ui_locales),
        mode,
        action: `${interactionPath(uid)}/${mode}`,
        switchHref: `${interactionPath(uid)}?screen=${mode === 'create' ? 'login' : 'create'}`,
        values,
        errors,
        freeGib: config.defaultStorageGib,
      });
    }

    async function finish(
      request: InteractionRequest,
      reply: FastifyReply,
      provider: Provider,
      params: Record<string, unknown>,
      accountId: string,
    ) {
      const result = {
        // A session cookie only: the browser forgets the provider session when it closes.
        login: { accountId, remember: false },
        ...(wantsCreate(params) ? { create: {} } : {}),
      };
      const returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
        mergeWithLastSubmission: false,
      });
      return reply.redirect(returnTo, 303);
    }

    /** Forms are only accepted from our own pages; SameSite cookies already stop other sites' posts. */
    function crossSite(request: FastifyRequest): boolean {
      const origin = request.headers.origin;
      if (!origin || origin === 'null') return false;
      return (
        origin !== originOf(request, config.publicUrl) && origin !== `${request.protocol}://${request.host}`
      );
    }

    scope.get(
      `${IDP_PATH}/interaction/:uid`,
      {
        schema: {
          hide: true,
          params: Params,
          querystring: Type.Object({
            screen: Type.Optional(Type.Union([Type.Literal('login'), Type.Literal('create')])),
          }),
        },
      },
      async (request, reply) => {
        const found = await interactionOf(request, reply);
        if (!found) return expired(request, reply);
        const mode: SignInMode =
          request.query.screen ?? (found.details.prompt.name === 'create' ? 'create' : 'login');
        const { params } = found.details;
        const hint = typeof params.login_hint === 'string' ? params.login_hint : undefined;
        return html(reply, 200, page(request, found.details, mode, { email: hint, name: nameHint(params) }));
      },
    );

    scope.post(
      `${IDP_PATH}/interaction/:uid/login`,
      { schema: { hide: true, params: Params, body: Form } },
      async (request, reply) => {
        if (crossSite(request)) return reply.status(403).send({ error: 'Forbidden' });
        const found = await interactionOf(request, reply);
        if (!found) return expired(request, reply);
        const t = signInTexts(pageContext(request.headers, found.details.params.ui_locales).locale);
        const email = (request.body.email ?? '').trim();
        const password = request.body.password ?? '';
        const values = { email };
        const errors: FieldErrors = {};
        if (!email) errors.email = t.required;
        if (!password) errors.password = t.required;
        if (errors.email || errors.password) {
          return html(reply, 400, page(request, found.details, 'login', values, errors));
        }
        const result = await login.passwordSignIn(email, password, request.ip);
        if (!result.ok) {
          const locked = result.reason === 'locked';
          const form = locked ? fill(t.tooManyAttempts, { minutes: result.minutes }) : t.wrongCredentials;
          return html(reply, locked ? 429 : 401, page(request, found.details, 'login', values, { form }));
        }
        return finish(request, reply, found.provider, found.details.params, result.user.id);
      },
    );

    scope.post(
      `${IDP_PATH}/interaction/:uid/create`,
      { schema: { hide: true, params: Params, body: Form } },
      async (request, reply) => {
        if (crossSite(request)) return reply.status(403).send({ error: 'Forbidden' });
        const found = await interactionOf(request, reply);
        if (!found) return expired(request, reply);
        const t = signInTexts(pageContext(request.headers, found.details.params.ui_locales).locale);
        const input = {
          email: request.body.email ?? '',
          password: request.body.password ?? '',
          name: request.body.name ?? '',
        };
        const result = await login.signUp(input, request.ip);
        if (!result.ok && result.lockedMinutes) {
          const values = { email: input.email.trim(), name: input.name.trim() };
          const form = fill(t.tooManyAttempts, { minutes: result.lockedMinutes });
          return html(reply, 429, page(request, found.details, 'create', values, { form }));
        }
        if (!result.ok) {
          const message = (problem: SignUpProblem | undefined): string | undefined => {
            switch (problem) {
              case undefined:
                return undefined;
              case 'required':
                return t.required;
              case 'invalid':
                return t.emailInvalid;
              case 'too_short':
                return fill(t.passwordTooShort, { min: PASSWORD_MIN_LENGTH });
              case 'too_long':
                return fill(t.nameTooLong, { max: 255 });
              case 'taken':
                return t.emailTaken;
            }
          };
          const errors = {
            name: result.problems.name === 'invalid' ? t.nameInvalid : message(result.problems.name),
            email: message(result.problems.email),
            password: message(result.problems.password),
          };
          const status = result.problems.email === 'taken' ? 409 : 400;
          const values = { email: input.email.trim(), name: input.name.trim() };
          return html(reply, status, page(request, found.details, 'create', values, errors));
        }
        return finish(request, reply, found.provider, found.details.params, result.user.id);
      },
    );
  });
}
