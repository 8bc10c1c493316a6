import { type ReactNode, Suspense, useState } from 'react';

/**
 * Mounts its (lazily loaded) children the first time they are wanted and keeps them from then on,
 * so their code is fetched on first use and their closing animations still run. Nothing stands in
 * while the code arrives.
 */
export function MountWhenWanted({ wanted, children }: { wanted: boolean; children: ReactNode }) {
  const [mounted, setMounted] = useState(wanted);
  if (wanted && !mounted) setMounted(true);
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
