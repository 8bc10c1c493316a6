import { describe, expect, it } from 'vitest';
import { processingReader } from './upload-status.reader';

describe('processingReader', () => {
  it('shares one status read per job and period among its uploads', async () => {
    let now = 0;
    const asked: string[] = [];
    let processing = ['f1', 'f2'];
    const isProcessing = processingReader(
      async (jobId) => {
        asked.push(jobId);
        return processing;
      },
      () => now,
    );
    expect(await isProcessing('job', 'f1')).toBe(true);
    expect(await isProcessing('job', 'f3')).toBe(false);
    expect(await isProcessing('other', 'f1')).toBe(true);
    expect(asked).toEqual(['job', 'other']);
    processing = ['f2'];
    now = 2499;
    expect(await isProcessing('job', 'f1')).toBe(true);
    now = 2500;
    expect(await isProcessing('job', 'f1')).toBe(false);
    expect(await isProcessing('job', 'f2')).toBe(true);
    expect(asked).toEqual(['job', 'other', 'job']);
  });

  it('does not keep a failed read', async () => {
    let fail = true;
    let reads = 0;
    const isProcessing = processingReader(
      async () => {
        reads += 1;
        if (fail) throw new Error('offline');
        return ['f1'];
      },
      () => 0,
    );
    await expect(isProcessing('job', 'f1')).rejects.toThrow('offline');
    fail = false;
    expect(await isProcessing('job', 'f1')).toBe(true);
    expect(reads).toBe(2);
  });
});
