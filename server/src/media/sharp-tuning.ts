import { availableParallelism } from 'node:os';
import sharp from 'sharp';

/**
 * libvips threads per image: all cores but one, so a burst of uploads is still answered while
 * their thumbnails are made (sharp's own default is every core, or a single thread on glibc
 * builds without jemalloc, which leaves a many-core worker mostly idle). The operation cache only
 * helps when the same image is processed again, which a content-addressed pipeline never does.
 */
export function tuneSharp(): void {
  const cores = availableParallelism();
  sharp.concurrency(Math.max(1, cores - 1));
  sharp.cache(false);
}
