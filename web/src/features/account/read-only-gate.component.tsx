import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { Tooltip } from '../../ui/tooltip';
import { selectAccount } from './account.slice';
import { blockedByReadOnly, type GuardedAction, SUBSCRIPTION_PATH } from './can-perform';
import './read-only-gate.css';

/** Whether the signed-in account may take the action (the one read-only rule, account.md §6). */
export function useReadOnlyBlocked(action: GuardedAction): boolean {
  return blockedByReadOnly(action, useSelector(selectAccount));
}

/**
 * Renders a control disabled, inside a tooltip offering a subscription, when the account is
 * read-only; otherwise renders it as it is. With `onSubscribe`, trying the control or the
 * tooltip's offer asks for the Subscription overlay (a subscription is required, account.md §4);
 * without it the offer links to the storage page.
 *   <ReadOnlyGate action="upload">{(disabled) => <Button disabled={disabled}>…</Button>}</ReadOnlyGate>
 */
export function ReadOnlyGate({
  action,
  onSubscribe,
  children,
}: {
  action: GuardedAction;
  onSubscribe?: () => void;
  children: (disabled: boolean) => ReactNode;
}) {
  const { t } = useTranslation('account');
  const blocked = useReadOnlyBlocked(action);
  if (!blocked) return children(false);
  const offer = onSubscribe ? (
    <button type="button" className="read-only-gate__offer" onClick={onSubscribe}>
      {t('readOnly.subscribe')}
    </button>
  ) : (
    <Link to={SUBSCRIPTION_PATH}>{t('readOnly.subscribe')}</Link>
  );
  return (
    <Tooltip
      content={
        <>
          {t('readOnly.tooltip')} {offer}
        </>
      }
    >
      {/* A disabled button gets no pointer or focus events, so the wrapper carries the tooltip
          and stands in for the control when it is tried (click, or Enter on the wrapper). */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the wrapper stands in for the disabled control it wraps */}
      <span
        className="read-only-gate"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must reach the explanation of a disabled control
        tabIndex={0}
        data-read-only-action={action}
        onClick={onSubscribe}
        onKeyDown={(event) => {
          if (onSubscribe && event.target === event.currentTarget && event.key === 'Enter') onSubscribe();
        }}
      >
        {children(true)}
      </span>
    </Tooltip>
  );
}
