import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerGuest } from '../../api/comments.api';
import { Button } from '../../ui/button';
import { NamePrompt } from './name-prompt.component';
import { rememberedGuest, rememberGuest } from './pending-comment.storage';

export interface GuestNameProps {
  albumId: string;
  /** A password album's transformed password, when the visitor gave it. */
  password: string | null;
  /** Sign in (or register) instead of a name, and come back here. */
  signIn(create: boolean): void;
}

/**
 * A signed-out visitor's own setting in a shared album (core.md §2 Name prompt, context
 * albumSettings): the name shown next to their comments and loves, given or changed before
 * they comment. A new name counts from then on; what was written before keeps its name.
 */
export function GuestName({ albumId, password, signIn }: GuestNameProps) {
  const { t } = useTranslation('comments');
  const [guest, setGuest] = useState(() => rememberedGuest(albumId));
  const [open, setOpen] = useState(false);

  const named = async (name: string) => {
    const identity = await registerGuest(albumId, name, { password });
    const next = { token: identity.token, name: identity.name, id: identity.guest_id };
    rememberGuest(albumId, next);
    setGuest(next);
    setOpen(false);
  };

  return (
    <>
      <Button variant="ghost" icon={<UserRound />} onClick={() => setOpen(true)}>
        {guest ? t('guestName.as', { name: guest.name }) : t('guestName.give')}
      </Button>
      {open && (
        <NamePrompt
          open
          context="albumSettings"
          onClose={() => setOpen(false)}
          onName={named}
          onSignIn={signIn}
        />
      )}
    </>
  );
}
