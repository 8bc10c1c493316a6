import { type GuestPromptProps, guestPromptStep } from './login-gates';
import type { PendingAction } from './pending-action.registry';
import type { useStartLogin } from './use-start-login';

/**
 * Answers the name prompt a signed-out guest sees before an action that needs an account: cancel
 * leaves through `leave`, sign-in or register (with the name) go to the provider holding `action`.
 */
export function guestPromptProps(
  action: PendingAction,
  login: ReturnType<typeof useStartLogin>,
  leave: (to: string) => void,
): GuestPromptProps {
  const answer = (choice: Parameters<typeof guestPromptStep>[1]) => {
    const step = guestPromptStep(action, choice);
    if (step.type === 'leave') leave(step.to);
    else void login.start(step.options);
  };
  return {
    onCancel: () => answer({ type: 'cancel' }),
    onSignIn: (create, name) => answer({ type: 'signIn', create, name }),
    leaving: login.pending,
  };
}
