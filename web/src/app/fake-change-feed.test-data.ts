import type { JobChange } from '@nordlys/contract/timeline';

/**
 * A job's change feed and long poll as the server answers them, changed by the test: polls are
 * held until a change passes their serial, `/changes?since=N` answers those after N.
 */
export function fakeChangeFeed(jobId: string, startSerial: number) {
  const changes: JobChange[] = [];
  const held = new Set<() => void>();
  const since: number[] = [];
  const serial = () => changes.at(-1)?.serial ?? startSerial;
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  return {
    serial,
    /** The `since` of every changes read, in order. */
    since,
    change(type: number, id: string, fields: Record<string, unknown> = {}) {
      changes.push({ serial: serial() + 1, type, id, fields });
      for (const wake of held) wake();
      held.clear();
    },
    /** The answer to a poll or changes request; null for any other address. */
    async answer(url: URL, init: RequestInit): Promise<Response | null> {
      if (url.pathname.endsWith(`/poll/jobs/${jobId}/poll`)) {
        const seq = Number(url.searchParams.get('seq'));
        while (serial() <= seq) {
          await new Promise<void>((resolve, reject) => {
            held.add(resolve);
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          });
        }
        return json({ result: 'ok', seq: serial() });
      }
      if (url.pathname === `/st/4/jobs/${jobId}/changes`) {
        const from = Number(url.searchParams.get('since'));
        since.push(from);
        return json({ serial: serial(), changes: changes.filter((change) => change.serial > from) });
      }
      return null;
    },
  };
}
