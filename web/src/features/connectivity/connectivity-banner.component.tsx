import { WifiOff } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useAppDispatch } from '../../state/hooks';
import { selectIsOnline } from './connectivity.slice';
import { syncConnectivity } from './connectivity.sync';
import './connectivity-banner.css';

/** Mount once, near the root. Shows 'No Internet connection' while the API cannot be reached. */
export function ConnectivityBanner() {
  const { t } = useTranslation('api');
  const dispatch = useAppDispatch();
  const online = useSelector(selectIsOnline);
  useEffect(() => syncConnectivity(dispatch), [dispatch]);
  // The live region stays in the DOM so screen readers announce the text when it appears.
  return (
    <div className="connectivity-banner" role="status">
      {!online && (
        <span className="connectivity-banner__pill">
          <WifiOff aria-hidden="true" />
          {t('connectivity.offline')}
        </span>
      )}
    </div>
  );
}
