import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useAppDispatch } from '../../state/hooks';
import { Spinner } from '../../ui/spinner';
import { selectHasPendingToast, selectToasts, type Toast } from './toast.slice';
import { dismissToast, runToastAction } from './toast.thunks';
import { toastTone } from './toast-types';
import './toast-host.css';

// Older toasts leave the screen first; a long stack would cover the photos.
const MAX_VISIBLE = 4;

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation('toasts');
  const dispatch = useAppDispatch();
  const tone = toastTone(toast.type);
  const message = t(`types.${toast.type}`, toast.params ?? {});
  return (
    <div
      className={['toast', `toast--${tone}`, toast.leaving && 'toast--leaving'].filter(Boolean).join(' ')}
      role={tone === 'error' ? 'alert' : 'status'}
      aria-live={tone === 'error' ? 'assertive' : 'polite'}
      aria-atomic="true"
      data-toast-type={toast.type}
    >
      <span className="toast__icon" aria-hidden="true">
        {tone === 'pending' ? <Spinner label={null} /> : tone === 'error' ? <CircleAlert /> : <CircleCheck />}
      </span>
      <span className="toast__message">{message}</span>
      {toast.action && (
        <button type="button" className="toast__action" onClick={() => dispatch(runToastAction(toast.id))}>
          {t(`actions.${toast.action.label}`)}
        </button>
      )}
      {!toast.pending && (
        <button
          type="button"
          className="toast__close"
          aria-label={t('dismiss')}
          onClick={() => dispatch(dismissToast(toast.id))}
        >
          <X aria-hidden="true" />
        </button>
      )}
    </div>
  );
}

/** Warns before leaving the page while work shown by a pending toast is still running. */
function useLeaveWarning(active: boolean, message: string) {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show returnValue; newer ones show their own text but still need it set.
      event.returnValue = message;
      return message;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active, message]);
}

/** Mount once, near the root. Shows the status toast stack at the bottom centre. */
export function ToastHost() {
  const { t } = useTranslation('toasts');
  const toasts = useSelector(selectToasts);
  const hasPending = useSelector(selectHasPendingToast);
  useLeaveWarning(hasPending, t('leaveWarning'));
  const visible = toasts.slice(-MAX_VISIBLE);
  return (
    <section className="toast-host" aria-label={t('region')}>
      {/* A stack, not a list: each toast is its own live region, a role a list item cannot take. */}
      <div className="toast-host__list">
        {visible.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </div>
    </section>
  );
}
