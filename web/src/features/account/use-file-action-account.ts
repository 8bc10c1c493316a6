import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import type { FileActionAccount } from '../../file-actions/file-action.types';
import { selectAccount } from './account.slice';

/**
 * The signed-in account as the file actions see it; the same object until the user or the
 * read-only rule changes, so the account poll does not re-render the screens that use it.
 */
export function useFileActionAccount(): FileActionAccount | null {
  const account = useSelector(selectAccount);
  const userId = account?.uuid;
  const isReadOnly = account?.is_read_only_user === true;
  return useMemo(() => (userId ? { userId, isReadOnly } : null), [userId, isReadOnly]);
}
