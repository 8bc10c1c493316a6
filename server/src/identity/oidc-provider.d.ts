/**
 * oidc-provider ships no type declarations; these cover only what identity/ and http/idp use.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface OidcContext {
    oidc: {
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: Record<string, unknown>;
      prompts: Set<string>;
      params?: Record<string, unknown>;
      route: string;
    };
    status: number;
    type: string;
    body: unknown;
    headers: Record<string, string | string[] | undefined>;
    host: string;
    set(field: string, value: string): void;
  }

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string };
    lastSubmission?: Record<string, unknown>;
  }

  export class Check {
    static REQUEST_PROMPT: boolean;
    static NO_NEED_TO_PROMPT: boolean;
    constructor(reason: string, description: string, check: (ctx: OidcContext) => boolean | Promise<boolean>);
    reason: string;
  }

  export class Prompt {
    constructor(options: { name: string; requestable: boolean }, ...checks: Check[]);
    name: string;
    checks: Check[] & { get(reason: string): Check | undefined; add(check: Check, i?: number): void };
  }

  type Policy = Prompt[] & {
    get(name: string): Prompt | undefined;
    add(prompt: Prompt, i?: number): void;
    remove(name: string): void;
  };

  export const interactionPolicy: { base(): Policy; Prompt: typeof Prompt; Check: typeof Check };

  export interface GrantInstance {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    readonly issuer: string;
    proxy: boolean;
    Client: { prototype: { redirectUriAllowed(uri: string): boolean; redirectUris: string[] } };
    Grant: {
      new (init: { clientId: string; accountId: string }): GrantInstance;
      find(id: string): Promise<GrantInstance | undefined>;
    };
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export default Provider;
}
