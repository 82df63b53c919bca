import { useLocation, useNavigate } from 'react-router-dom';
import { useId } from 'react';
import { paths } from '@/config/paths';
import { sessionStore, storageKeys } from '@/lib/storage';
import { Dialog } from './dialog';

type SignInDialogProps = {
  open: boolean;
  onClose: () => void;
};

/** The prompt shown when a signed-out shopper (or a 401) tries to add to the bag or wardrobe. */
export function SignInDialog({ open, onClose }: SignInDialogProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const textId = useId();

  const signIn = () => {
    const returnTo = `${location.pathname}${location.search}`;
    sessionStore.set(storageKeys.returnToPath, returnTo);
    onClose();
    void navigate(`${paths.login}?next=${encodeURIComponent(returnTo)}`);
  };

  return (
    <Dialog open={open} onClose={onClose} title="Sign in to continue" className="dialog--prompt" describedBy={textId}>
      <p id={textId} className="dialog__text">
        You need to be signed in to add items to your bag.
      </p>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          Not now
        </button>
        <button type="button" className="button button--primary" onClick={signIn}>
          Sign in
        </button>
      </div>
    </Dialog>
  );
}
