import type { ClientConfig } from '@nordlys/contract/client-config';
import { localeTag } from '@nordlys/contract/language-rule';
import { useCallback, useEffect, useReducer, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createCustomer,
  createSetupIntent,
  customerExists,
  finishSetupIntent,
  purchasePlan,
  updatePlan,
} from '../../api/subscriptions.api';
import { formatByteSize } from '../../i18n/unit-format';
import { useAppDispatch } from '../../state/hooks';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { CardForm } from './card-form.component';
import { type CardFormController, ConfirmSetupError, declinedChargeReason, setUpCard } from './card-setup';
import { completePaymentAction } from './payment-actions';
import { PerkComparison } from './perk-comparison.component';
import { formatPrice, sizeBytes } from './plan-table';
import { PlanTable } from './plan-table.component';
import { IDLE_PLAN_UPDATE, planUpdateReducer } from './plan-update.reducer';
import { currentPlanGrant, otherGrantsBytes } from './storage-usage';
import { CLOSED_WIZARD, canContinue, wizardReducer } from './subscription-wizard.reducer';
import {
  closeSubscriptionRequest,
  currentSubscriptionRequest,
  onSubscriptionRequestChange,
} from './subscription-wizard.requests';
import { subscriptionsPorts } from './subscriptions.ports';
import { announcePlanChanged, currentSubscription, useStoragePlan } from './use-storage-plan';
import './subscriptions.css';

export interface SubscriptionWizardProps {
  payments: ClientConfig['payments'];
  termsUrl: string;
  customer: { name: string; email: string };
  usedBytes: number;
  /** What the account has without a subscription: none (read-only) or a free plan's storage. */
  readOnly: boolean;
  maxBytes: number;
}

const DAYS_PER_MONTH = 30;
const CARD_SETUP_CALLS = { customerExists, createCustomer, createSetupIntent, finishSetupIntent };

/**
 * The Subscription overlay (account.md §4): WELCOME, NOSUB, SUB (plans) and STRIPE (payment).
 * It cannot be closed by clicking outside; a purchase or change that succeeds or fails closes it,
 * except a card the provider refuses: the payment step stays open with the provider's reason.
 */
export function SubscriptionWizard({
  payments,
  termsUrl,
  customer,
  usedBytes,
  readOnly,
  maxBytes,
}: SubscriptionWizardProps) {
  const { t, i18n } = useTranslation('subscriptions');
  const dispatch = useAppDispatch();
  const request = useSyncExternalStore(onSubscriptionRequestChange, currentSubscriptionRequest);
  const [wizard, send] = useReducer(wizardReducer, CLOSED_WIZARD);
  const [update, sendUpdate] = useReducer(planUpdateReducer, IDLE_PLAN_UPDATE);
  const [formError, setFormError] = useState<string | null>(null);
  const [useSavedCard, setUseSavedCard] = useState(true);
  const [controller, setController] = useState<CardFormController | null>(null);
  const [holderPrompt, setHolderPrompt] = useState<((confirmed: boolean) => void) | null>(null);
  const openedFor = useRef<typeof request>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  // In a phone's short sheet the reason can sit below the fold: bring it into view.
  useEffect(() => {
    if (formError) errorRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [formError]);
  const { load } = useStoragePlan(request !== null);

  if (request !== openedFor.current) {
    openedFor.current = request;
    if (request) send({ type: 'opened', step: request.step });
  }
  const mode = request?.mode ?? 'purchase';
  const data = load.data;
  const current = currentSubscription(data);
  const currentGrant = currentPlanGrant(data?.grants ?? []);
  const product = data?.products.find((p) => p.id === wizard.planId) ?? null;
  const locale = localeTag(i18n.language);
  const onFormChange = useCallback((next: CardFormController) => setController(next), []);

  const finish = (purchased: boolean) => {
    if (!purchased) subscriptionsPorts().subscriptionDeclined(dispatch);
    send({ type: 'finished' });
    setFormError(null);
    setController(null);
    setUseSavedCard(true);
    closeSubscriptionRequest();
  };

  const askHolder = () => new Promise<boolean>((resolve) => setHolderPrompt(() => resolve));

  async function buy(withNewCard: boolean) {
    if (!wizard.planId) return;
    sendUpdate({ type: 'started' });
    setFormError(null);
    const change = mode === 'change' && current !== null;
    try {
      if (withNewCard) {
        if (!controller) return;
        const outcome = await setUpCard(CARD_SETUP_CALLS, customer, (secret) => controller.confirm(secret));
        if (outcome.kind === 'stopped') {
          setFormError(t('wizard.payment.stopped'));
          sendUpdate({ type: 'failed' });
          return;
        }
      }
      const reply = change ? await updatePlan(wizard.planId) : await purchasePlan(wizard.planId);
      if (reply.status === 'requires_action') {
        sendUpdate({ type: 'actionRequired', subscriptionId: reply.subscription_id });
        await completePaymentAction(payments, reply, askHolder);
      }
      sendUpdate({ type: 'succeeded' });
      subscriptionsPorts().notify(dispatch, change ? 'planChangeSucceeded' : 'purchaseSuccessful');
      subscriptionsPorts().storageChanged(dispatch, change ? 'change' : 'purchase');
      finish(true);
      announcePlanChanged();
    } catch (error) {
      setHolderPrompt(null);
      sendUpdate({ type: 'failed' });
      if (error instanceof ConfirmSetupError) {
        // The card form can be corrected: the step stays open with the reason.
        setFormError(t('wizard.payment.confirmFailed', { reason: error.reason }));
        return;
      }
      const declined = declinedChargeReason(error);
      if (declined !== null) {
        // The charge was refused: another card can be tried in the payment step.
        setFormError(t('wizard.payment.chargeDeclined', { reason: declined }));
        setUseSavedCard(false);
        if (wizard.step === 'SUB') send({ type: 'continued' });
        return;
      }
      subscriptionsPorts().notify(dispatch, change ? 'planChangeFailed' : 'purchaseFailed');
      finish(false);
      announcePlanChanged();
    }
  }

  const continueFromPlans = () => {
    if (wizard.termsAccepted && mode === 'change' && current && data?.card) void buy(false);
    else send({ type: 'continued' });
  };

  const trialMonths = data ? Math.round(data.availableTrial / DAYS_PER_MONTH) : 0;
  const trialText =
    !data || data.availableTrial === 0
      ? null
      : data.availableTrial % DAYS_PER_MONTH === 0
        ? t('wizard.welcome.trialMonths', { count: trialMonths })
        : t('wizard.welcome.trialDays', { count: data.availableTrial });

  let title = t('wizard.title');
  let body: React.ReactNode = null;
  let footer: React.ReactNode = null;
  const pending = update.isUpdatingStoragePlan;

  const answerHolder = (confirmed: boolean) => {
    holderPrompt?.(confirmed);
    setHolderPrompt(null);
  };

  if (holderPrompt) {
    title = t('wizard.payment.action.title');
    body = <p>{t('wizard.payment.action.text')}</p>;
    footer = (
      <>
        <Button variant="ghost" onClick={() => answerHolder(false)}>
          {t('wizard.plans.back')}
        </Button>
        <Button variant="primary" onClick={() => answerHolder(true)}>
          {t('wizard.payment.action.confirm')}
        </Button>
      </>
    );
  } else if (!data) {
    body =
      load.status === 'failed' ? (
        <p role="alert">{t('storage.loadFailed')}</p>
      ) : (
        <div className="wizard__loading">
          <Spinner label={t('storage.loading')} />
        </div>
      );
  } else if (wizard.step === 'WELCOME') {
    body = (
      <>
        <p>{t('wizard.welcome.text')}</p>
        {trialText && <p className="wizard__trial">{trialText}</p>}
        <PerkComparison />
      </>
    );
    footer = (
      <>
        <Button variant="ghost" onClick={() => send({ type: 'declined' })}>
          {t('wizard.welcome.notNow')}
        </Button>
        <Button variant="primary" onClick={() => send({ type: 'subscribeChosen' })}>
          {t('wizard.welcome.seePlans')}
        </Button>
      </>
    );
  } else if (wizard.step === 'NOSUB') {
    title = t('wizard.nosub.title');
    // No subscription means read-only, unless the account has a free plan's storage to use up.
    body = (
      <p>
        {readOnly || maxBytes <= 0
          ? t('wizard.nosub.text')
          : t('wizard.nosub.textFreeStorage', { size: formatByteSize(maxBytes, locale, t) })}
      </p>
    );
    footer = (
      <>
        <Button variant="ghost" onClick={() => send({ type: 'back' })}>
          {t('wizard.nosub.goBack')}
        </Button>
        <Button variant="primary" onClick={() => send({ type: 'subscribeChosen' })}>
          {t('wizard.nosub.subscribe')}
        </Button>
      </>
    );
  } else if (wizard.step === 'SUB') {
    title = t('wizard.plans.title');
    body = (
      <>
        <PlanTable
          products={data.products}
          context={{
            selectedId: wizard.planId,
            activeProductId: current?.product_id ?? null,
            upcomingProductId: current?.upcoming_product?.product_id ?? null,
            usedBytes,
            otherGrantsBytes: otherGrantsBytes(data.grants, current ? currentGrant : null),
          }}
          onPick={(planId) => send({ type: 'planPicked', planId })}
        />
        <label className="wizard__terms">
          <input
            type="checkbox"
            checked={wizard.termsAccepted}
            aria-invalid={wizard.termsError || undefined}
            aria-describedby={wizard.termsError ? 'wizard-terms-error' : undefined}
            onChange={(event) => send({ type: 'termsToggled', accepted: event.target.checked })}
          />
          <span>
            {t('wizard.plans.terms')}{' '}
            <a href={termsUrl} target="_blank" rel="noreferrer">
              {t('wizard.plans.termsLink')}
            </a>
          </span>
        </label>
        <p id="wizard-terms-error" className="wizard__error" role={wizard.termsError ? 'alert' : undefined}>
          {wizard.termsError ? t('wizard.plans.termsRequired') : ''}
        </p>
      </>
    );
    footer = (
      <>
        {mode === 'purchase' && (
          <Button variant="ghost" onClick={() => send({ type: 'back' })}>
            {t('wizard.plans.back')}
          </Button>
        )}
        <Button
          variant="primary"
          disabled={!canContinue(wizard)}
          pending={pending}
          onClick={continueFromPlans}
        >
          {mode === 'change' && current && data.card ? t('wizard.plans.change') : t('wizard.plans.continue')}
        </Button>
      </>
    );
  } else {
    title = t('wizard.payment.title');
    const withSaved = useSavedCard && data.card !== null;
    const planText = product
      ? t('storage.subscription.plan', {
          size: formatByteSize(sizeBytes(product.size), locale, t),
          price: t(`period.${product.period}`, {
            price: formatPrice(product.price, product.currency, locale),
          }),
        })
      : '';
    body = (
      <>
        <p className="wizard__summary">{planText}</p>
        {withSaved && data.card ? (
          <div className="wizard__saved-card">
            <p>{t('wizard.payment.savedCard', { last4: data.card.last4 })}</p>
            <Button variant="ghost" size="sm" onClick={() => setUseSavedCard(false)}>
              {t('wizard.payment.useOther')}
            </Button>
          </div>
        ) : (
          <CardForm payments={payments} currency={product?.currency ?? 'NOK'} onChange={onFormChange} />
        )}
        <p ref={errorRef} className="wizard__error" role={formError ? 'alert' : undefined}>
          {formError ?? ''}
        </p>
      </>
    );
    footer = (
      <>
        <Button variant="ghost" disabled={pending} onClick={() => send({ type: 'back' })}>
          {t('wizard.plans.back')}
        </Button>
        <Button
          variant="primary"
          pending={pending}
          disabled={!withSaved && !controller?.complete}
          onClick={() => void buy(!withSaved)}
        >
          {t('wizard.payment.pay')}
        </Button>
      </>
    );
  }

  return (
    <Modal
      open={wizard.open && request !== null}
      onOpenChange={(open) => {
        if (!open && !pending) finish(false);
      }}
      title={title}
      footer={footer}
      variant="flow"
      dismissible={false}
      showClose={!pending}
      className="wizard"
    >
      {body}
    </Modal>
  );
}
