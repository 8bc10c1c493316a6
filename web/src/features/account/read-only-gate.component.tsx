import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { Tooltip } from '../../ui/tooltip';
import { selectAccount } from './account.slice';
import { blockedByReadOnly, type GuardedAction, SUBSCRIPTION_PATH } from './can-perform';

/** Whether the signed-in account may take the action (the one read-only rule, account.md §6). */
export function useReadOnlyBlocked(action: GuardedAction): boolean {
  return blockedByReadOnly(action, useSelector(selectAccount));
}

/**
 * Renders a control disabled, inside a tooltip offering a subscription, when the account is
 * read-only; otherwise renders it as it is.
 *   <ReadOnlyGate action="upload">{(disabled) => <Button disabled={disabled}>…</Button>}</ReadOnlyGate>
 */
export function ReadOnlyGate({
  action,
  children,
}: {
  action: GuardedAction;
  children: (disabled: boolean) => ReactNode;
}) {
  const { t } = useTranslation('account');
  const blocked = useReadOnlyBlocked(action);
  if (!blocked) return children(false);
  return (
    <Tooltip
      content={
        <>
          {t('readOnly.tooltip')} <Link to={SUBSCRIPTION_PATH}>{t('readOnly.subscribe')}</Link>
        </>
      }
    >
      {/* A disabled button gets no pointer or focus events, so the wrapper carries the tooltip. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must reach the explanation of a disabled control */}
      <span className="read-only-gate" tabIndex={0} data-read-only-action={action}>
        {children(true)}
      </span>
    </Tooltip>
  );
}
