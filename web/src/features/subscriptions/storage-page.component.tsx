import type { ClientConfig } from '@nordlys/contract/client-config';
import { GIB } from '@nordlys/contract/constants';
import { localeTag } from '@nordlys/contract/language-rule';
import type { GrantAction, UserGrant } from '@nordlys/contract/subscription';
import { HardDrive, RefreshCw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { followGrantLink } from '../../api/subscriptions.api';
import { formatByteSize } from '../../i18n/unit-format';
import { useAppDispatch } from '../../state/hooks';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Skeleton } from '../../ui/skeleton';
import { ChangeCardDialog } from './change-card-dialog.component';
import { DebugTools } from './debug-tools.component';
import { PaymentCardView } from './payment-card.component';
import { formatPrice, sizeBytes } from './plan-table';
import { isUnlimited, meterFill, sourceKey, splitGrants, storageWarning } from './storage-usage';
import { requestSubscription } from './subscription-wizard.requests';
import { type BillingNotice, subscriptionsPorts } from './subscriptions.ports';
import { currentSubscription, type StoragePlanData, useStoragePlan } from './use-storage-plan';
import './subscriptions.css';

export interface StorageEnvironment {
  account: { usedBytes: number; maxBytes: number; readOnly: boolean; name: string; email: string } | null;
  brandName: string;
  payments: ClientConfig['payments'];
  testEndpoints: boolean;
}

const LINK_NOTICES: Record<GrantAction, { ok: BillingNotice; failed: BillingNotice }> = {
  cancel: { ok: 'planCanceled', failed: 'planCancelFailed' },
  reactivate: { ok: 'planReactivated', failed: 'planReactivationFailed' },
  cancel_upcoming: { ok: 'planChangeSucceeded', failed: 'planChangeFailed' },
};

/** /settings/storage (account.md §2): use, where storage comes from, the subscription and the card. */
export function StoragePage({ environment }: { environment: StorageEnvironment }) {
  const { t, i18n } = useTranslation('subscriptions');
  const dispatch = useAppDispatch();
  const { load, reload } = useStoragePlan();
  const [following, setFollowing] = useState<string | null>(null);
  const [changingCard, setChangingCard] = useState(false);
  const { account, payments } = environment;
  const locale = localeTag(i18n.language);
  const size = (bytes: number) => formatByteSize(bytes, locale, t);
  const date = (epochSeconds: number) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(epochSeconds * 1000));
  const ports = subscriptionsPorts();

  const follow = async (grant: UserGrant, action: GrantAction) => {
    const link = grant._links[action];
    if (!link) return;
    if (action === 'cancel') {
      // A plan that can be cancelled renews: its storage lasts until that day.
      const until = grant.renews_at ?? grant.expires_at ?? Date.now() / 1000;
      if (!(await ports.confirmCancel(dispatch, date(until)))) return;
    }
    setFollowing(`${grant.id}:${action}`);
    try {
      await followGrantLink(link.href);
      ports.notify(dispatch, LINK_NOTICES[action].ok);
      ports.storageChanged(dispatch, 'change');
    } catch {
      ports.notify(dispatch, LINK_NOTICES[action].failed);
    } finally {
      setFollowing(null);
      reload();
    }
  };

  const usage = account && (
    <section className="storage__section" aria-labelledby="storage-usage">
      <h2 id="storage-usage" className="storage__heading">
        {t('storage.usage.heading')}
      </h2>
      {/* The sentence below says the same for screen readers. */}
      <div
        className={`storage__meter storage__meter--${storageWarning(account.usedBytes, account.maxBytes) ?? 'ok'}`}
        aria-hidden="true"
      >
        <span
          className="storage__fill"
          style={{ width: `${meterFill(account.usedBytes, account.maxBytes)}%` }}
        />
      </div>
      <p className="storage__usage">
        {isUnlimited(account.maxBytes)
          ? t('storage.usage.unlimited', { used: size(account.usedBytes) })
          : t('storage.usage.usedOf', { used: size(account.usedBytes), max: size(account.maxBytes) })}
      </p>
      {storageWarning(account.usedBytes, account.maxBytes) && (
        <p className="storage__warning">
          {t(`storage.usage.${storageWarning(account.usedBytes, account.maxBytes)}`)}
        </p>
      )}
      {account.readOnly && <p className="storage__warning">{t('storage.usage.readOnly')}</p>}
    </section>
  );

  let rest: ReactNode;
  if (load.status === 'failed' && !load.data) {
    rest = (
      <EmptyState
        icon={<RefreshCw />}
        message={t('storage.loadFailed')}
        action={{ label: t('storage.retry'), onClick: reload }}
      />
    );
  } else if (!load.data) {
    rest = (
      <div className="storage__section" aria-busy="true">
        <span className="visually-hidden">{t('storage.loading')}</span>
        <Skeleton className="storage__skeleton" />
        <Skeleton className="storage__skeleton" />
        <Skeleton className="storage__skeleton" />
      </div>
    );
  } else {
    rest = (
      <>
        <SubscriptionSection
          data={load.data}
          size={size}
          date={date}
          locale={locale}
          following={following}
          onFollow={(grant, action) => void follow(grant, action)}
        />
        <SourcesSection data={load.data} size={size} date={date} brandName={environment.brandName} />
        <section className="storage__section" aria-labelledby="storage-card">
          <h2 id="storage-card" className="storage__heading">
            {t('storage.card.heading')}
          </h2>
          {load.data.card ? <PaymentCardView card={load.data.card} /> : <p>{t('storage.card.none')}</p>}
          <Button size="sm" onClick={() => setChangingCard(true)}>
            {load.data.card ? t('storage.card.change') : t('storage.card.add')}
          </Button>
        </section>
        {environment.testEndpoints && <DebugTools onDeleted={reload} />}
      </>
    );
  }

  return (
    <div className="storage">
      <Link className="storage__back" to="/settings">
        {t('storage.back')}
      </Link>
      <h1 className="storage__title">{t('storage.title')}</h1>
      {usage}
      {rest}
      {account && (
        <ChangeCardDialog
          open={changingCard}
          payments={payments}
          customer={{ name: account.name, email: account.email }}
          onDone={(outcome) => {
            setChangingCard(false);
            if (outcome === 'failed') ports.notify(dispatch, 'cardUpdateFailed');
            if (outcome === 'saved') reload();
          }}
        />
      )}
    </div>
  );
}

interface SectionProps {
  data: StoragePlanData;
  size(bytes: number): string;
  date(epochSeconds: number): string;
}

function SubscriptionSection({
  data,
  size,
  date,
  locale,
  following,
  onFollow,
}: SectionProps & {
  locale: string;
  following: string | null;
  onFollow(grant: UserGrant, action: GrantAction): void;
}) {
  const { t } = useTranslation('subscriptions');
  const planText = (productId: string) => {
    const product = data.products.find((p) => p.id === productId);
    if (!product) return productId;
    return t('storage.subscription.plan', {
      size: size(sizeBytes(product.size)),
      price: t(`period.${product.period}`, { price: formatPrice(product.price, product.currency, locale) }),
    });
  };
  const current = currentSubscription(data);
  const paid = data.grants.filter((g) => g.stripe_product_id !== null);
  const pendingFor = (grant: UserGrant, action: GrantAction) => following === `${grant.id}:${action}`;
  return (
    <section className="storage__section" aria-labelledby="storage-subscription">
      <h2 id="storage-subscription" className="storage__heading">
        {t('storage.subscription.heading')}
      </h2>
      {paid.length === 0 && !current && <p>{t('storage.subscription.none')}</p>}
      {data.subscriptions
        .filter((s) => s.status === 'requires_action')
        .map((s) => (
          <p key={s.id} className="storage__warning">
            {t('storage.subscription.actionRequired')}
          </p>
        ))}
      <ul className="storage__plans">
        {paid.map((grant) => (
          <li key={grant.id} className="storage__plan">
            <span className="storage__plan-name">{planText(grant.stripe_product_id ?? '')}</span>
            <span className="storage__meta">
              {grant.renews_at !== null
                ? t('storage.subscription.nextBilling', { date: date(grant.renews_at) })
                : grant.expires_at !== null
                  ? t('storage.subscription.cancelled', { date: date(grant.expires_at) })
                  : null}
            </span>
            {current?.upcoming_product && grant._links.cancel_upcoming && (
              <span className="storage__meta">
                {t('storage.subscription.upcoming', {
                  plan: planText(current.upcoming_product.product_id),
                  date: date(current.upcoming_product.start_at),
                })}
              </span>
            )}
            <span className="storage__actions">
              {grant._links.cancel && (
                <Button size="sm" onClick={() => requestSubscription({ step: 'SUB', mode: 'change' })}>
                  {t('storage.subscription.changePlan')}
                </Button>
              )}
              {grant._links.cancel_upcoming && (
                <Button
                  size="sm"
                  pending={pendingFor(grant, 'cancel_upcoming')}
                  onClick={() => onFollow(grant, 'cancel_upcoming')}
                >
                  {t('storage.subscription.keepCurrent')}
                </Button>
              )}
              {grant._links.cancel && (
                <Button
                  size="sm"
                  variant="ghost"
                  pending={pendingFor(grant, 'cancel')}
                  onClick={() => onFollow(grant, 'cancel')}
                >
                  {t('storage.subscription.cancel')}
                </Button>
              )}
              {grant._links.reactivate && (
                <Button
                  size="sm"
                  variant="primary"
                  pending={pendingFor(grant, 'reactivate')}
                  onClick={() => onFollow(grant, 'reactivate')}
                >
                  {t('storage.subscription.reactivate')}
                </Button>
              )}
            </span>
          </li>
        ))}
      </ul>
      {!current && (
        <Button variant="primary" onClick={() => requestSubscription({ step: 'WELCOME', mode: 'purchase' })}>
          {t('storage.subscription.subscribe')}
        </Button>
      )}
    </section>
  );
}

function SourcesSection({ data, size, date, brandName }: SectionProps & { brandName: string }) {
  const { t } = useTranslation('subscriptions');
  const { business, others } = splitGrants(data.grants);
  const row = (grant: UserGrant) => (
    <li key={grant.id} className="storage__source">
      <HardDrive className="storage__icon" aria-hidden="true" />
      <span className="storage__source-name">
        {t(`storage.sources.names.${sourceKey(grant.source)}`, { brand: brandName })}
      </span>
      <span className="storage__source-size">{size(grant.size * GIB)}</span>
      {grant.expires_at !== null && (
        <span className="storage__meta">
          {t('storage.sources.expires', { date: date(grant.expires_at) })}
        </span>
      )}
      {grant.renews_at !== null && (
        <span className="storage__meta">{t('storage.sources.renews', { date: date(grant.renews_at) })}</span>
      )}
    </li>
  );
  return (
    <section className="storage__section" aria-labelledby="storage-sources">
      <h2 id="storage-sources" className="storage__heading">
        {t('storage.sources.heading')}
      </h2>
      {data.grants.length === 0 && <p>{t('storage.sources.empty')}</p>}
      {others.length > 0 && <ul className="storage__sources">{others.map(row)}</ul>}
      {business.length > 0 && (
        <>
          <h3 className="storage__subheading">{t('storage.sources.business')}</h3>
          <ul className="storage__sources">{business.map(row)}</ul>
        </>
      )}
    </section>
  );
}
