import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../state/hooks';
import { USER_DISABLED_REASON } from './login.thunks';
import { selectUserDisabled, userDisabledShown } from './login-status.slice';

/** A disabled account ends up on the account-terminated page. */
export function UserDisabledRedirect() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const disabled = useSelector(selectUserDisabled);
  useEffect(() => {
    if (!disabled) return;
    dispatch(userDisabledShown());
    void navigate(`/error/${USER_DISABLED_REASON}`, { replace: true });
  }, [disabled, dispatch, navigate]);
  return null;
}
