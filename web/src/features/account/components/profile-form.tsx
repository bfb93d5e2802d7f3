import {
  UpdateProfileRequestSchema,
  type CurrentUser,
  type UpdateProfileRequest,
} from '@uniquair/contract/users';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import { useSnackbar } from '../../../components/ui/snackbar.tsx';
import { ApiFormFrame, NameFields, useApiForm } from '../../../lib/api-form.tsx';
import { useUpdateProfile } from '../api/update-profile.ts';
import styles from './account.module.css';

/** The select gives text; the request wants the title id or null. */
const ProfileFormSchema = UpdateProfileRequestSchema.extend({
  titleId: z
    .enum(['', '1', '2'])
    .transform((value) => (value === '' ? null : (Number(value) as 1 | 2))),
});

type ProfileFormInput = z.input<typeof ProfileFormSchema>;

export interface TitleOption {
  readonly id: number;
  readonly name: string;
}

/** Names, title and notification preference (`POST /api/users/update-profile`). */
export function ProfileForm({
  user,
  titles,
}: {
  readonly user: CurrentUser;
  readonly titles: readonly TitleOption[];
}) {
  const intl = useIntl();
  const snackbar = useSnackbar();
  const update = useUpdateProfile();
  const api = useApiForm<ProfileFormInput, UpdateProfileRequest>({
    schema: ProfileFormSchema,
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      titleId: user.titleId === 1 || user.titleId === 2 ? (String(user.titleId) as '1' | '2') : '',
      notifications: user.notifications,
    },
    send: async (values) => {
      try {
        await update.mutateAsync(values);
        snackbar.show(intl.formatMessage({ id: 'account.saved' }));
      } catch {
        // Said in the snackbar, which this form uses for both answers.
        snackbar.show(intl.formatMessage({ id: 'account.failed' }));
      }
    },
  });

  return (
    <section className={styles.section} aria-labelledby="profile-heading">
      <h2 id="profile-heading">{intl.formatMessage({ id: 'account.profileTitle' })}</h2>
      <ApiFormFrame api={api} submit="account.save" compactSubmit>
        <SelectInput
          label={intl.formatMessage({ id: 'account.title' })}
          options={[
            { value: '', label: intl.formatMessage({ id: 'account.titleNone' }) },
            ...titles.map((title) => ({ value: String(title.id), label: title.name })),
          ]}
          error={api.form.formState.errors.titleId?.message}
          {...api.form.register('titleId')}
        />
        <NameFields form={api.form} />
        <label className={styles.check}>
          <input type="checkbox" {...api.form.register('notifications')} />
          {intl.formatMessage({ id: 'account.notifications' })}
        </label>
      </ApiFormFrame>
    </section>
  );
}
