import { describe, expect, it } from 'vitest';
import { ChangesAndUploadStatus } from './job-changes';
import { JobChanges } from './timeline';

describe('changes with the upload status', () => {
  it('is JobChanges with async_upload_status added', () => {
    const { async_upload_status, ...rest } = ChangesAndUploadStatus.properties;
    expect(rest).toEqual(JobChanges.properties);
    expect(async_upload_status).toBeDefined();
    expect(ChangesAndUploadStatus.required).toEqual([...(JobChanges.required ?? []), 'async_upload_status']);
  });
});
