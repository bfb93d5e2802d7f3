import { AVATAR_MAX_BYTES } from '@uniquair/contract/users';
import type { MessageKey } from '@uniquair/i18n/messages';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { screenStyles } from '../../../components/layouts/screen.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { BYTES_PER_MEGABYTE, FileInput } from '../../../components/ui/file-input.tsx';
import { useSnackbar } from '../../../components/ui/snackbar.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useUploadAvatar } from '../api/upload-avatar.ts';
import styles from './account.module.css';

/** A new profile picture (`POST /api/users/upload-avatar`): JPEG, PNG or WebP, at most 2 MB. */
export function AvatarForm() {
  const intl = useIntl();
  const snackbar = useSnackbar();
  const upload = useUploadAvatar();
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);

  const problemText = (error: unknown): string => {
    if (isApiError(error) && error.status === 413) {
      return intl.formatMessage(
        { id: 'ui.fileInput.maxSize' },
        { size: AVATAR_MAX_BYTES / BYTES_PER_MEGABYTE },
      );
    }
    const id: MessageKey =
      isApiError(error) && error.isNetworkError
        ? 'auth.unableToConnect'
        : isApiError(error) && (error.status === 415 || error.status === 400)
          ? 'account.avatarRefused'
          : 'account.failed';
    return intl.formatMessage({ id });
  };

  const submit = async () => {
    if (file === null) return;
    setProblem(null);
    try {
      await upload.mutateAsync(file);
      setFile(null);
      setInputKey((key) => key + 1);
      snackbar.show(intl.formatMessage({ id: 'account.avatarSaved' }));
    } catch (error) {
      setProblem(problemText(error));
    }
  };

  return (
    <section className={styles.section} aria-labelledby="avatar-heading">
      <h2 id="avatar-heading">{intl.formatMessage({ id: 'account.avatarTitle' })}</h2>
      <form
        className={screenStyles.form}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <FileInput
          key={inputKey}
          label={intl.formatMessage({ id: 'account.avatarLabel' })}
          hint={intl.formatMessage({ id: 'account.avatarHint' })}
          accept="image/jpeg,image/png,image/webp"
          maxSize={AVATAR_MAX_BYTES}
          error={problem ?? undefined}
          onChange={(chosen) => {
            setProblem(null);
            setFile(chosen);
          }}
        />
        <div>
          <Button type="submit" loading={upload.isPending} disabled={file === null}>
            {intl.formatMessage({ id: 'account.avatarUpload' })}
          </Button>
        </div>
      </form>
    </section>
  );
}
