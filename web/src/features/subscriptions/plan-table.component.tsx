import { GIB } from '@nordlys/contract/constants';
import { localeTag } from '@nordlys/contract/language-rule';
import type { StripeProduct } from '@nordlys/contract/subscription';
import { useTranslation } from 'react-i18next';
import { formatByteSize } from '../../i18n/unit-format';
import {
  formatPrice,
  hasBothPeriods,
  type PlanCell,
  type PlanContext,
  planRows,
  yearlyPerMonth,
} from './plan-table';

export interface PlanTableProps {
  products: readonly StripeProduct[];
  context: PlanContext;
  onPick(planId: string): void;
}

/** account.md §2 Plan table: storage, monthly and yearly columns of plan tiles. */
export function PlanTable({ products, context, onPick }: PlanTableProps) {
  const { t, i18n } = useTranslation('subscriptions');
  const locale = localeTag(i18n.language);
  const both = hasBothPeriods(products);
  const rows = planRows(products, context);

  const tile = (cell: PlanCell | null) => {
    if (!cell) return <td className="plans__cell plans__cell--empty" />;
    const price = formatPrice(cell.price, cell.currency, locale);
    const clickable = cell.type === 'available' || cell.type === 'selected';
    return (
      <td className="plans__cell">
        <button
          type="button"
          className={`plans__tile plans__tile--${cell.type}`}
          aria-pressed={cell.type === 'selected'}
          disabled={!clickable}
          onClick={() => onPick(cell.id)}
        >
          <span className="plans__price">{t(`period.${cell.period}`, { price })}</span>
          {cell.period === 'yearly' && (
            <span className="plans__sub">
              {t('wizard.plans.perMonth', {
                price: formatPrice(yearlyPerMonth(cell.price), cell.currency, locale),
              })}
            </span>
          )}
          {cell.tag && (
            <span className={`plans__tag plans__tag--${cell.tag}`}>{t(`wizard.plans.${cell.tag}`)}</span>
          )}
          {cell.reason && <span className="plans__sub">{t(`wizard.plans.unavailable.${cell.reason}`)}</span>}
        </button>
      </td>
    );
  };

  return (
    <table className="plans">
      <caption className="visually-hidden">{t('wizard.plans.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('wizard.plans.storage')}</th>
          {both ? (
            <>
              <th scope="col">{t('wizard.plans.monthly')}</th>
              <th scope="col">{t('wizard.plans.yearly')}</th>
            </>
          ) : (
            <th scope="col">{t('wizard.plans.price')}</th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.storage}-${row.monthlyPlan?.id ?? ''}-${row.yearlyPlan?.id ?? ''}`}>
            <th scope="row" className="plans__size">
              {formatByteSize(row.storage * GIB, locale, t)}
            </th>
            {both ? (
              <>
                {tile(row.monthlyPlan)}
                {tile(row.yearlyPlan)}
              </>
            ) : (
              tile(row.monthlyPlan ?? row.yearlyPlan)
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
