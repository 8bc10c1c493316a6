import { prefetchTimeline, TIMELINE_PATH } from './features/timeline/timeline-prefetch';

/**
 * A second, tiny entry point that index.html loads beside the app's: on the timeline it starts the
 * timeline's first reads as soon as this file arrives, while the app's own code (a hundred times
 * its size) is still downloading. The reads live in a module both entries share, so the app takes
 * them over when it starts (timeline-prefetch.ts hands each out once); on a slow link that is the
 * difference between thumbnails starting with the app and after it.
 */
if (window.location.pathname === TIMELINE_PATH) prefetchTimeline();
