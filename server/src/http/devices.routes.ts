import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { DeviceList } from '@nordlys/contract/account';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { DeviceService } from '../services/device.service';
import { CommonQuery, ErrorReply } from './common-query';

export async function devicesRoutes(app: FastifyInstance, { devices }: { devices: DeviceService }) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/st/4/devices',
    {
      schema: {
        tags: ['devices'],
        summary: "The caller's signed-in devices and which one is calling",
        querystring: CommonQuery,
        response: { 200: DeviceList, 401: ErrorReply },
      },
    },
    async (request) => devices.list(await request.requireSession()),
  );

  api.delete(
    '/st/4/devices/:id',
    {
      schema: {
        tags: ['devices'],
        summary: 'Sign a device out; its token stops working at once',
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 128 }) }),
        querystring: CommonQuery,
        response: { 204: Type.Null(), 401: ErrorReply, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      await devices.remove(await request.requireSession(), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
