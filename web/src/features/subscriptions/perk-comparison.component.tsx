import { Check, Minus } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * What a subscription adds to an account without any plan, which is read-only (account.md §2 Plan
 * table perks). An account with a free plan's storage can upload too, so the column is not 'free'.
 */
const PERKS = [
  { id: 'sharedAlbums', free: true },
  { id: 'upload', free: false },
  { id: 'albums', free: false },
  { id: 'saveShares', free: false },
] as const;

export function PerkComparison() {
  const { t } = useTranslation('subscriptions');
  const mark = (included: boolean) =>
    included ? (
      <Check className="perks__yes" aria-label={t('wizard.perks.included')} />
    ) : (
      <Minus className="perks__no" aria-label={t('wizard.perks.notIncluded')} />
    );
  return (
    <table className="perks">
      <caption className="visually-hidden">{t('wizard.perks.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('wizard.perks.feature')}</th>
          <th scope="col">{t('wizard.perks.free')}</th>
          <th scope="col">{t('wizard.perks.subscription')}</th>
        </tr>
      </thead>
      <tbody>
        {PERKS.map((perk) => (
          <tr key={perk.id}>
            <th scope="row">{t(`wizard.perks.rows.${perk.id}`)}</th>
            <td>{mark(perk.free)}</td>
            <td>{mark(true)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
