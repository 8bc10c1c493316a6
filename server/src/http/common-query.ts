import { type TObject, type TProperties, Type } from 'typebox';

/**
 * The query parameters every client call carries (app key, client version, device id, foreign-auth
 * flag). Routes merge them into their own query schema so that they are documented and accepted.
 */
export const commonQueryProperties = {
  app_key: Type.Optional(Type.String({ maxLength: 128 })),
  client_v: Type.Optional(Type.String({ maxLength: 64 })),
  device_id: Type.Optional(Type.String({ maxLength: 128 })),
  foreign_auth: Type.Optional(Type.String({ maxLength: 8 })),
};

export const withCommonQuery = <P extends TProperties>(
  properties: P = {} as P,
): TObject<P & typeof commonQueryProperties> => Type.Object({ ...commonQueryProperties, ...properties });

export const CommonQuery = withCommonQuery();

/**
 * A time in epoch seconds as a query value: digits only. Converting it as a number would read ' '
 * as 0 and '0x10' as 16, and 1e30 overflows a bigint on PostgreSQL; twelve digits reach past the
 * year 30000 and stay exact in milliseconds.
 */
export const EPOCH_SECONDS_PATTERN = '^-?[0-9]{1,12}$';
export const EpochSecondsQuery = (description: string) =>
  Type.String({ pattern: EPOCH_SECONDS_PATTERN, description: `${description}; epoch seconds` });

export const ErrorReply = Type.Object({ error: Type.String() }, { $id: 'ErrorReply' });

/** A file or job id in a media URL's path. */
export const MediaId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

/** `exp` and `sig` are optional in the schema so a missing one is a refused signature (403), not a 400. */
export const SignedQuery = {
  exp: Type.Optional(Type.Integer({ minimum: 0 })),
  sig: Type.Optional(Type.String({ maxLength: 128 })),
};
