import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { nameGuest } from './guest-identity';
import { NamePrompt } from './name-prompt.component';
import { rememberedGuest } from './pending-comment.storage';

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
    setGuest(await nameGuest(albumId, name, password));
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
