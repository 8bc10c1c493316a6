import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ALBUM_PASSWORD_HEADER,
  Album,
  AlbumAttributeReply,
  AlbumAttributeRequest,
  AlbumCoverRequest,
  AlbumList,
  AlbumNameRequest,
  AlbumPasswordRequest,
  AlbumPermissionsRequest,
  AlbumPrivacyRequest,
  AlbumUsers,
  CreateAlbumRequest,
  Flag,
  flagValue,
  GuestIdentity,
  GuestRequest,
  JobInfo,
} from '@nordlys/contract/album';
import { CopyFilesReply } from '@nordlys/contract/timeline';
import type { FastifyInstance } from 'fastify';
import { type Static, type TObject, type TSchema, Type } from 'typebox';
import type { SignedInCaller } from '../domain/caller';
import type { AlbumService } from '../services/album.service';
import { callerOf } from './caller';
import { ErrorReply, withCommonQuery } from './common-query';
import { largeJsonCompression } from './compression.plugin';
import { originOf } from './origin';
import { parseFileIdList } from './timeline.routes';

const AlbumParams = Type.Object({
  id: Type.String({
    minLength: 1,
    maxLength: 64,
    description: 'the album UUID or its compact base64url form',
  }),
});
const NoContent = Type.Null();
const TAGS = ['albums'];
const PASSWORD_NOTE =
  `Visitors of a password album send the transformed password in ${ALBUM_PASSWORD_HEADER}; ` +
  "403 'public job auth failed' when it is missing or wrong, 403 'User does not have access to secured job' " +
  'for a private album, 429 while guesses are locked out.';

export interface AlbumsRoutesOptions {
  albums: AlbumService;
  publicUrl: string | null;
}

/** Albums (jobs of type story): core.md §7's jobs calls. Access rules live in the album service. */
export async function albumsRoutes(app: FastifyInstance, { albums, publicUrl }: AlbumsRoutesOptions) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/st/4/jobs',
    {
      schema: {
        tags: TAGS,
        summary: 'Create an album (type story); public 1 shares it, password (transformed) protects it',
        querystring: withCommonQuery(),
        body: CreateAlbumRequest,
        response: { 201: Album, '4xx': ErrorReply },
      },
    },
    async (request, reply) => {
      const session = await request.requireSession();
      const album = await albums.create(session, request.body, originOf(request, publicUrl));
      return reply.status(201).send(album);
    },
  );

  api.get(
    '/st/4/jobs',
    {
      schema: {
        tags: TAGS,
        summary: "The caller's albums and the shared albums they joined, most recently active first",
        querystring: withCommonQuery({ stories: Type.Optional(Flag), include_details: Type.Optional(Flag) }),
        response: { 200: AlbumList, '4xx': ErrorReply },
      },
      // A thousand albums: the schema-compiled serializer resolves each nullable field's union per
      // value and costs many times JSON.stringify. The schema still documents the answer.
      serializerCompiler: () => (data) => JSON.stringify(data),
      compress: largeJsonCompression,
    },
    async (request) => albums.list(await request.requireSession(), originOf(request, publicUrl)),
  );

  api.get(
    '/st/4/jobs/:id',
    {
      schema: {
        tags: TAGS,
        summary:
          'One album with the caller’s role and currentUserCan; signed-out visitors may read shared albums',
        description: `${PASSWORD_NOTE} A trashed album answers its owner 410 'Job has been deleted', others 404.`,
        params: AlbumParams,
        querystring: withCommonQuery(),
        response: { 200: Album, '4xx': ErrorReply },
      },
    },
    async (request) => albums.get(await callerOf(request), request.params.id, originOf(request, publicUrl)),
  );

  api.get(
    '/st/4/jobs/:id/info',
    {
      schema: {
        tags: TAGS,
        summary:
          'Job info (type, times, owner, name, sharing, cover, sort order) of an album or the own timeline',
        description: PASSWORD_NOTE,
        params: AlbumParams,
        querystring: withCommonQuery(),
        response: { 200: JobInfo, '4xx': ErrorReply },
      },
    },
    async (request) => albums.info(await callerOf(request), request.params.id),
  );

  api.get(
    '/st/4/jobs/:id/users',
    {
      schema: {
        tags: TAGS,
        summary: 'The owner, the participants and named guests of an album',
        description: PASSWORD_NOTE,
        params: AlbumParams,
        querystring: withCommonQuery({ include_profile_url: Type.Optional(Flag) }),
        response: { 200: AlbumUsers, '4xx': ErrorReply },
      },
    },
    async (request) =>
      albums.users(
        await callerOf(request),
        request.params.id,
        flagValue(request.query.include_profile_url, false),
        originOf(request, publicUrl),
      ),
  );

  /**
   * One owner-only setting of an album (its name, cover, privacy, permissions, attribute): the
   * caller's session, the album named and the checked body go to the service, which refuses
   * anyone but the owner.
   */
  const ownerSetting = <Body extends TObject, Reply extends TSchema>(setting: {
    method: 'POST' | 'PUT';
    path: string;
    params?: TObject;
    summary: string;
    body: Body;
    reply: Reply;
    change(session: SignedInCaller, id: string, body: Static<Body>, origin: string): Promise<Static<Reply>>;
  }) =>
    // The generic body and reply are checked where each setting is declared; the plain route
    // takes them as the schemas say.
    app.route({
      method: setting.method,
      url: `/st/4/jobs/:id/${setting.path}`,
      schema: {
        tags: TAGS,
        summary: `${setting.summary} (owner only; 403 for other readers)`,
        params: setting.params ?? AlbumParams,
        querystring: withCommonQuery(),
        body: setting.body,
        response: { 200: setting.reply, '4xx': ErrorReply },
      },
      handler: async (request) =>
        setting.change(
          await request.requireSession(),
          (request.params as { id: string }).id,
          request.body as Static<Body>,
          originOf(request, publicUrl),
        ),
    });

  ownerSetting({
    method: 'POST',
    path: 'name',
    summary: 'Rename the album (trimmed, at most 255 characters)',
    body: AlbumNameRequest,
    reply: Album,
    change: (session, id, body, origin) => albums.rename(session, id, body.name, origin),
  });
  ownerSetting({
    method: 'POST',
    path: 'cover',
    summary: 'Set the cover to a file of the album',
    body: AlbumCoverRequest,
    reply: Album,
    change: (session, id, body, origin) => albums.setCover(session, id, body.id, origin),
  });
  ownerSetting({
    method: 'POST',
    path: 'privacy_mode',
    summary: 'Share the album by link or make it private',
    body: AlbumPrivacyRequest,
    reply: Album,
    change: (session, id, body, origin) => albums.setPrivacy(session, id, body.mode, origin),
  });
  ownerSetting({
    method: 'POST',
    path: 'password',
    summary:
      "Protect a shared album with a password (transformed, album-password.ts), change it, or remove it with ''; 409 for a private album",
    body: AlbumPasswordRequest,
    reply: Album,
    change: (session, id, body, origin) => albums.setPassword(session, id, body.password, origin),
  });
  ownerSetting({
    method: 'POST',
    path: 'permissions',
    summary: 'Allow or refuse comments and uploads by participants (0 or 1)',
    body: AlbumPermissionsRequest,
    reply: Album,
    change: (session, id, body, origin) => albums.setPermissions(session, id, body, origin),
  });
  ownerSetting({
    method: 'PUT',
    path: 'attribute/:name',
    params: Type.Object({ id: AlbumParams.properties.id, name: Type.Literal('sort_order') }),
    summary: 'Set an album attribute; only sort_order (ADDED, OLDEST_TAKEN, NEWEST_TAKEN) exists',
    body: AlbumAttributeRequest,
    reply: AlbumAttributeReply,
    change: async (session, id, body) => ({
      name: 'sort_order' as const,
      value: await albums.setSortOrder(session, id, body.value),
    }),
  });

  api.post(
    '/st/4/jobs/:id/subscribe',
    {
      schema: {
        tags: TAGS,
        summary: 'Join a shared album (signed in; a password album needs its password once)',
        description: PASSWORD_NOTE,
        params: AlbumParams,
        querystring: withCommonQuery(),
        response: { 200: Album, '4xx': ErrorReply },
      },
    },
    async (request) => {
      await request.requireSession();
      return albums.subscribe(await callerOf(request), request.params.id, originOf(request, publicUrl));
    },
  );

  api.post(
    '/st/4/jobs/:id/unsubscribe',
    {
      schema: {
        tags: TAGS,
        summary: 'Leave an album the caller joined (204; leaving twice is not an error)',
        params: AlbumParams,
        querystring: withCommonQuery(),
        response: { 204: NoContent, '4xx': ErrorReply },
      },
    },
    async (request, reply) => {
      await albums.unsubscribe(await request.requireSession(), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.delete(
    '/st/4/jobs/:id',
    {
      schema: {
        tags: TAGS,
        summary: "Move the album to the trash (owner only, 204); the files stay in their owners' timelines",
        params: AlbumParams,
        querystring: withCommonQuery(),
        response: { 204: NoContent, '4xx': ErrorReply },
      },
    },
    async (request, reply) => {
      await albums.remove(await request.requireSession(), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/st/4/jobs/:id/guest',
    {
      schema: {
        tags: TAGS,
        summary:
          'A signed-out reader gives a name (1 to 255 characters) for comments and loves; answers a guest token',
        description: `${PASSWORD_NOTE} The token goes back in X-Guest-Token on this album's calls.`,
        params: AlbumParams,
        querystring: withCommonQuery(),
        body: GuestRequest,
        response: { 201: GuestIdentity, '4xx': ErrorReply },
      },
    },
    async (request, reply) => {
      const guest = await albums.addGuest(await callerOf(request), request.params.id, request.body.name);
      return reply.status(201).send(guest);
    },
  );

  api.post(
    '/st/4/jobs/:id/keep-all-files',
    {
      schema: {
        tags: TAGS,
        summary: "Copy every file of the album into the caller's timeline (same bytes; 413 when over quota)",
        description: PASSWORD_NOTE,
        params: AlbumParams,
        querystring: withCommonQuery(),
        response: { 200: CopyFilesReply, '4xx': ErrorReply },
      },
    },
    async (request) => {
      const session = await request.requireSession();
      return albums.keepFiles(await callerOf(request), session, request.params.id, 'all');
    },
  );

  // The body is plain text (ids one per line); the parser is registered for this route only.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<TypeBoxTypeProvider>().post(
      '/st/4/jobs/:id/keep-files',
      {
        schema: {
          tags: TAGS,
          summary:
            "Copy album files (text/plain ids, one per line) into the caller's timeline; 413 when over quota",
          description: PASSWORD_NOTE,
          params: AlbumParams,
          querystring: withCommonQuery(),
          consumes: ['text/plain'],
          response: { 200: CopyFilesReply, '4xx': ErrorReply },
        },
      },
      async (request) => {
        const session = await request.requireSession();
        const ids = parseFileIdList(request.body);
        return albums.keepFiles(await callerOf(request), session, request.params.id, ids);
      },
    );
  });
}
