import { MAX_UPLOAD_BYTES } from '@nordlys/contract/constants';
import { TimelineJob, UploadConfig } from '@nordlys/contract/file';
import { PICTURE_EXTENSIONS, VIDEO_EXTENSIONS } from '@nordlys/contract/supported-extensions';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { JobService } from '../services/job.service';
import { CommonQuery, ErrorReply } from './common-query';

const SupportedExtensions = Type.Object({
  pictures: Type.Array(Type.String()),
  videos: Type.Array(Type.String()),
});

export interface JobsRoutesOptions {
  jobs: JobService;
  resumableThreshold: number;
}

export async function jobsRoutes(app: FastifyInstance, { jobs, resumableThreshold }: JobsRoutesOptions) {
  app.get(
    '/st/4/supported_extensions',
    {
      schema: {
        tags: ['upload'],
        summary: 'The picture and video types the uploader accepts (other types are stored as documents)',
        querystring: CommonQuery,
        response: { 200: SupportedExtensions },
      },
    },
    async () => ({ pictures: [...PICTURE_EXTENSIONS], videos: [...VIDEO_EXTENSIONS] }),
  );

  app.get(
    '/st/4/upload_config',
    {
      schema: {
        tags: ['upload'],
        summary: 'Limits and the resumable-upload endpoint',
        querystring: CommonQuery,
        response: { 200: UploadConfig },
      },
    },
    async () => ({
      resumable_threshold: resumableThreshold,
      max_file_size: MAX_UPLOAD_BYTES,
      tus_endpoint: '/st/4/tus',
    }),
  );

  app.get(
    '/st/4/jobs/default',
    {
      schema: {
        tags: ['jobs'],
        summary: "The caller's timeline, created on first call",
        querystring: CommonQuery,
        response: { 200: TimelineJob, 401: ErrorReply },
      },
    },
    async (request) => jobs.timelineOf(await request.requireSession()),
  );
}
