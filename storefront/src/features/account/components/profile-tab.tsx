import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import { HandleField } from '@/components/ui/handle-field';
import { errorMessage } from '@/lib/api-client';
import { useHandleAvailability } from '@/lib/check-handle';
import { isValidHandle } from '@/lib/handle';
import { storeUser } from '@/lib/session';
import type { User } from '@/types/user';
import { useUpdateProfile } from '../api/update-profile';
import { useUploadAvatar } from '../api/upload-avatar';
import { FormError } from '@/components/ui/form-error';

const PROFILE_SAVED_MESSAGE_MS = 3000;

function Avatar({ user }: { user: User }) {
  return user.avatarUrl ? (
    <img className="avatar" src={user.avatarUrl} alt="" width={72} height={72} />
  ) : (
    <span className="avatar avatar--initial" aria-hidden="true">
      {(user.name || user.handle || '?').charAt(0).toUpperCase()}
    </span>
  );
}

type ProfileEditorProps = {
  user: User;
  onCancel: () => void;
  onSaved: () => void;
};

function ProfileEditor({ user, onCancel, onSaved }: ProfileEditorProps) {
  const [name, setName] = useState(user.name);
  const [handle, setHandle] = useState(user.handle);
  const [triedSave, setTriedSave] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const availability = useHandleAvailability(handle, user.handle);
  const update = useUpdateProfile();
  const upload = useUploadAvatar();

  const handleError =
    availability === 'taken'
      ? 'This handle is not available.'
      : availability === 'invalid' || (triedSave && !isValidHandle(handle))
        ? 'Enter a valid handle.'
        : null;

  const chooseAvatar = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setAvatarError(null);
    upload.mutate(file, {
      onSuccess: (answer) => {
        storeUser(answer.user);
      },
      onError: (failure) => {
        setAvatarError(errorMessage(failure, 'Could not upload image'));
      },
      onSettled: () => {
        input.value = '';
      },
    });
  };

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTriedSave(true);
    setError(null);
    if (!name.trim()) {
      event.currentTarget.reportValidity();
      return;
    }
    if (!isValidHandle(handle) || availability === 'taken') return;
    update.mutate(
      { name: name.trim(), handle },
      {
        onSuccess: (answer) => {
          storeUser(answer.user);
          onSaved();
        },
        onError: (failure) => {
          setError(errorMessage(failure, 'Could not update profile'));
        },
      },
    );
  };

  return (
    <form className="profile-form" onSubmit={save}>
      <div className="profile-form__avatar">
        <Avatar user={user} />
        <Field
          id="profile-avatar"
          label="Avatar"
          type="file"
          accept="image/*"
          disabled={upload.isPending}
          aria-busy={upload.isPending || undefined}
          error={avatarError}
          onChange={chooseAvatar}
        />
      </div>
      <Field
        id="profile-name"
        label="Name"
        autoComplete="name"
        required
        value={name}
        onChange={(event) => {
          setName(event.target.value);
        }}
      />
      <HandleField
        id="profile-handle"
        value={handle}
        onChange={(next) => {
          setHandle(next);
          setTriedSave(false);
        }}
        error={handleError}
        checking={availability === 'checking'}
      />
      <FormError message={error} />
      <div className="profile-form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={update.isPending || availability === 'taken'}
        >
          {update.isPending ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button" onClick={onCancel} disabled={update.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function ProfileView({ user, onEdit }: { user: User; onEdit: () => void }) {
  return (
    <div className="profile-view">
      <Avatar user={user} />
      <dl className="profile-view__details">
        <dt>Name</dt>
        <dd>{user.name}</dd>
        <dt>Handle</dt>
        <dd>{user.handle ? `@${user.handle}` : null}</dd>
        <dt>Email</dt>
        <dd>{user.email}</dd>
      </dl>
      <button type="button" className="button" onClick={onEdit}>
        Edit profile
      </button>
    </div>
  );
}

/** The account's Profile tab: view, then edit name, @handle and avatar. */
export function ProfileTab({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => {
      setSaved(false);
    }, PROFILE_SAVED_MESSAGE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [saved]);

  return (
    <>
      {saved ? (
        <p className="auth-form__note" role="status">
          Profile updated successfully.
        </p>
      ) : null}
      {editing ? (
        <ProfileEditor
          user={user}
          onCancel={() => {
            setEditing(false);
          }}
          onSaved={() => {
            setEditing(false);
            setSaved(true);
          }}
        />
      ) : (
        <ProfileView
          user={user}
          onEdit={() => {
            setEditing(true);
            setSaved(false);
          }}
        />
      )}
    </>
  );
}
