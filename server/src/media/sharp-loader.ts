import { availableParallelism } from 'node:os';
import type Sharp from 'sharp';

export type SharpFactory = typeof Sharp;

let loading: Promise<SharpFactory> | undefined;

/**
 * sharp and libvips load on the first picture, not at start: together they are about 25 MB of
 * resident memory that a server which has nothing to decode yet need not hold.
 *
 * libvips threads per image: all cores but one, so a burst of uploads is still answered while
 * their thumbnails are made (sharp's own default is every core, or a single thread on glibc
 * builds without jemalloc, which leaves a many-core worker mostly idle). The operation cache only
 * helps when the same image is processed again, which a content-addressed pipeline never does.
 */
export function loadSharp(): Promise<SharpFactory> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(Math.max(1, availableParallelism() - 1));
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
