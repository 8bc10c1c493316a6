import { CircleCheck, MailCheck } from 'lucide-react';
import { useEffect, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { getEmailConsent, setEmailConsent } from '../../api/privacy.api';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { RadioGroup } from '../../ui/radio-group';
import { Skeleton } from '../../ui/skeleton';
import { Spinner } from '../../ui/spinner';
import {
  choiceFor,
  initialUnsubscribe,
  UNSUBSCRIBE_CHANGE_FAILED,
  UNSUBSCRIBE_REQUEST_FAILED,
  type UnsubscribeButton,
  type UnsubscribeChoice,
  unsubscribeReducer,
} from './unsubscribe';
import './privacy.css';

/** account.md §8: a refusal and a request that got no answer each have their message. */
function failure(error: unknown): Error {
  const refused = error instanceof ApiError;
  const thrown = new Error(refused ? UNSUBSCRIBE_CHANGE_FAILED : UNSUBSCRIBE_REQUEST_FAILED, {
    cause: error,
  });
  // The error boundary shows this text, in the user's language.
  return Object.assign(thrown, {
    userMessageKey: refused ? 'privacy:unsubscribe.changeFailed' : 'privacy:unsubscribe.requestFailed',
  });
}

/**
 * /settings/unsubscribe and /emailSettings?id= (account.md §2, §4): works signed out with the
 * identifier from a mail's link, or for the signed-in address without one. Errors go to the
 * error boundary.
 */
export function UnsubscribePage({
  host,
  signedIn,
  onChanged,
}: {
  host: string | undefined;
  signedIn: boolean;
  onChanged(): void;
}) {
  const { t } = useTranslation('privacy');
  const [params] = useSearchParams();
  const identifier = params.get('id') ?? undefined;
  const [state, dispatch] = useReducer(unsubscribeReducer, initialUnsubscribe);
  // The button whose unsubscribing waits for the confirmation; null while none is asked.
  const [confirming, setConfirming] = useState<UnsubscribeButton | null>(null);
  const usable = identifier !== undefined || signedIn;

  useEffect(() => {
    if (!usable) return;
    const controller = new AbortController();
    getEmailConsent(host, identifier, controller.signal).then(
      (answer) => dispatch({ type: 'checked', subscribed: answer.email_consent }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // An identifier the server does not know is a broken link, said in place; the rest is an error.
        if (error instanceof ApiError && (error.status === 404 || error.status === 400))
          dispatch({ type: 'linkInvalid' });
        else dispatch({ type: 'failed', error: failure(error) });
      },
    );
    return () => controller.abort();
  }, [host, identifier, usable]);

  if (state.error) throw state.error;

  const submit = async (via: UnsubscribeButton) => {
    setConfirming(null);
    const choice = choiceFor(state, via);
    dispatch({ type: 'submitted', choice, via });
    try {
      await setEmailConsent(host, choice === 'stay', identifier);
      dispatch({ type: 'succeeded' });
      onChanged();
    } catch (error) {
      dispatch({ type: 'failed', error: failure(error) });
    }
  };

  let body: React.ReactNode;
  if (!usable || state.view === 'invalid') {
    body = <p className="privacy__note privacy__note--error">{t('unsubscribe.missingId')}</p>;
  } else if (state.view === 'checking') {
    body = <Skeleton className="privacy__skeleton privacy__skeleton--tall" />;
  } else if (state.view === 'loading') {
    body = (
      <div className="privacy__loading" role="status">
        <Spinner label={null} />
        <span>{t('unsubscribe.loading')}</span>
      </div>
    );
  } else if (state.view === 'unsubscribed' || state.view === 'saved') {
    const done = state.view === 'unsubscribed' ? 'unsubscribed' : 'saved';
    body = (
      <div className="privacy__outcome" role="status">
        <CircleCheck aria-hidden="true" className="privacy__outcome-icon privacy__outcome-icon--ok" />
        <h2 className="privacy__outcome-title">{t(`unsubscribe.${done}Title`)}</h2>
        {/* Stay saves the radio's choice, which may be to get no more news. */}
        <p>{t(state.choice === 'unsubscribe' ? 'unsubscribe.unsubscribedBody' : 'unsubscribe.savedBody')}</p>
      </div>
    );
  } else {
    body = (
      <div className="privacy__section-body">
        <p>{t('unsubscribe.intro')}</p>
        {state.subscribed === false && <p className="privacy__note">{t('unsubscribe.currentlyOff')}</p>}
        <RadioGroup<UnsubscribeChoice>
          label={t('unsubscribe.choice')}
          hideLabel
          name="email-consent"
          value={state.choice}
          onValueChange={(choice) => dispatch({ type: 'choiceChanged', choice })}
          options={[
            { value: 'stay', label: t('unsubscribe.optionStay') },
            { value: 'unsubscribe', label: t('unsubscribe.optionUnsubscribe') },
          ]}
        />
        <div className="privacy__actions">
          <Button
            variant={state.choice === 'stay' ? 'primary' : 'secondary'}
            onClick={() =>
              choiceFor(state, 'stay') === 'unsubscribe' ? setConfirming('stay') : void submit('stay')
            }
          >
            {t('unsubscribe.stay')}
          </Button>
          <Button
            variant={state.choice === 'unsubscribe' ? 'primary' : 'secondary'}
            onClick={() => setConfirming('unsubscribe')}
          >
            {t('unsubscribe.unsubscribe')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="privacy privacy--narrow">
      <Link className="privacy__back" to="/settings">
        {t('back')}
      </Link>
      <div className="privacy__heading">
        <MailCheck aria-hidden="true" className="privacy__heading-icon" />
        <h1 className="privacy__title">{t('unsubscribe.title')}</h1>
      </div>
      <div className="privacy__card">{body}</div>
      <Modal
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        role="alertdialog"
        title={t('unsubscribe.confirmTitle')}
        description={t('unsubscribe.confirmBody')}
        footer={
          <>
            <Button onClick={() => setConfirming(null)}>{t('legacy.cancel')}</Button>
            <Button variant="primary" onClick={() => confirming && void submit(confirming)}>
              {t('unsubscribe.unsubscribe')}
            </Button>
          </>
        }
      />
    </div>
  );
}
