import { localeTag } from '@nordlys/contract/language-rule';
import { Laptop, LogOut, RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch } from '../../state/hooks';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Skeleton } from '../../ui/skeleton';
import { type DatePrecision, type DeviceNaming, nameDevices } from './device-naming.rules';
import { selectDevicesState, sortDevices } from './devices.slice';
import { loadDevices, removeDevice } from './devices.thunks';
import './devices.css';

/** /settings/devices: the devices signed in to this account, each with a remove button. */
export function DevicesPage({ afterLogOut = '/' }: { afterLogOut?: string }) {
  const { t, i18n } = useTranslation('devices');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { status, devices, current, removing } = useSelector(selectDevicesState);

  useEffect(() => {
    void loadDevices(dispatch);
  }, [dispatch]);

  const locale = localeTag(i18n.language);
  const formats: Record<DatePrecision, Intl.DateTimeFormat> = {
    day: new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }),
    minute: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
  };
  const keys = {
    day: (epochMs: number) => formats.day.format(new Date(epochMs)),
    minute: (epochMs: number) => formats.minute.format(new Date(epochMs)),
  };
  /** Devices alike even at the minute carry their number on screen too. */
  const shownName = (naming: DeviceNaming) =>
    naming.number === null ? naming.name : t('rowNumbered', { name: naming.name, number: naming.number });
  /** The row's name for assistive technology: the device and its last use (or this device). */
  const rowLabel = (naming: DeviceNaming) => {
    const name = shownName(naming);
    if (naming.kind === 'current') return t('rowCurrent', { name });
    const date = keys[naming.precision](naming.at);
    return t(naming.kind === 'lastUsed' ? 'rowLastUsed' : 'rowSignedIn', { name, date });
  };

  const remove = async (device: { id: string; name: string }) => {
    const outcome = await removeDevice(dispatch, device, current);
    if (outcome === 'loggedOut') void navigate(afterLogOut, { replace: true });
  };

  let body: React.ReactNode;
  if (status === 'failed') {
    body = (
      <EmptyState
        icon={<RefreshCw />}
        message={t('loadFailed')}
        action={{ label: t('retry'), onClick: () => void loadDevices(dispatch) }}
      />
    );
  } else if (status !== 'loaded') {
    body = (
      <ul className="devices__list" aria-busy="true" aria-label={t('loading')}>
        {[0, 1, 2].map((row) => (
          <li key={row} className="devices__row">
            <Skeleton className="devices__skeleton" />
          </li>
        ))}
      </ul>
    );
  } else if (devices.length === 0) {
    body = <EmptyState icon={<Laptop />} message={t('empty')} />;
  } else {
    const sorted = sortDevices(devices, current);
    // Named in the order shown, so the numbers (when any) run down the list.
    const namings = nameDevices(sorted, current, t('unnamed'), keys);
    body = (
      <ul className="devices__list">
        {sorted.map((device, index) => {
          const isCurrent = device.id === current;
          const naming = namings[index] as DeviceNaming;
          const label = rowLabel(naming);
          const formatDate = keys[naming.precision];
          return (
            <li key={device.id} className="devices__row" aria-label={label}>
              <Laptop className="devices__icon" aria-hidden="true" />
              <div className="devices__details">
                <span className="devices__name">
                  {shownName(naming)}
                  {isCurrent && <span className="devices__current">{t('thisDevice')}</span>}
                </span>
                <span className="devices__meta">
                  <span>{t('signedIn', { date: formatDate(device.created_at) })}</span>
                  {device.last_seen_at ? (
                    <span>{t('lastSeen', { date: formatDate(device.last_seen_at) })}</span>
                  ) : null}
                </span>
              </div>
              <Button
                size="sm"
                variant="secondary"
                icon={<LogOut />}
                pending={removing === device.id}
                disabled={removing !== null}
                aria-label={t('removeLabel', { name: label })}
                onClick={() => void remove(device)}
              >
                <span className="devices__remove-text">{t('remove')}</span>
              </Button>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className="devices">
      <Link className="devices__back" to="/settings">
        {t('back')}
      </Link>
      <h1 className="devices__title">{t('title')}</h1>
      <p className="devices__intro">{t('intro')}</p>
      {body}
    </div>
  );
}
