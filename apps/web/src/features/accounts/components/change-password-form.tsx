import { useCallback, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MemberInfo } from '@jade/contracts/auth';
import { isApiRequestError } from '../../../api/client';
import { useModals } from '../../../components/modal/modal-context';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { changePassword } from '../api/change-password';
import { memberInfoQueryKey } from '../api/get-member-info';
import { useRegisterSettings } from '../api/get-register-settings';
import { useWelcomeAfterPasswordChange } from '../hooks/use-complete-login';
import { useForm } from '../hooks/use-form';
import { useFormCall } from '../hooks/use-form-call';
import { useLogout } from '../hooks/use-logout';
import { useMessageText } from '../hooks/use-message-text';
import {
  checkConfirmation,
  checkValue,
  required,
  serverFieldErrors,
  type FieldErrors,
} from '../utils/field-rules';
import { LockIcon } from './account-icons';
import { FormAlert, PasswordField, SubmitButton } from './form-controls';
import { PasswordPairFields } from './password-pair-fields';

type PasswordFieldName = 'oldPassword' | 'newPassword' | 'confirmNewPassword';
const FIELDS = ['oldPassword', 'newPassword', 'confirmNewPassword'] as const;

/**
 * §3/§5 change password. Forced (the weak default password, or an expired one) it cannot be closed
 * until the password has changed; logging out is the only other way out.
 */
export function ChangePasswordForm({ isForced, onDone }: { isForced: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const { errorText } = useMessageText();
  const modals = useModals();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { token } = useSession();
  const settings = useRegisterSettings();
  const logout = useLogout();
  const welcomeAfterChange = useWelcomeAfterPasswordChange();
  const call = useFormCall();
  // The brand's rule for a new password, as the server holds it (register settings, passwordRule).
  const passwordRule = settings.passwordRule;

  const validate = useCallback(
    (values: Record<PasswordFieldName, string>): FieldErrors<PasswordFieldName> => ({
      oldPassword: values.oldPassword === '' ? required : undefined,
      newPassword:
        checkValue(values.newPassword, passwordRule, { isRequired: true }) ??
        (values.newPassword === values.oldPassword ? { key: 'accounts.validation.samePassword' } : undefined),
      confirmNewPassword: checkConfirmation(values.newPassword, values.confirmNewPassword),
    }),
    [passwordRule],
  );
  const form = useForm<PasswordFieldName>(
    { oldPassword: '', newPassword: '', confirmNewPassword: '' },
    validate,
  );

  const submit = (event: FormEvent) =>
    call.submit(
      event,
      form,
      async () => {
        await changePassword(form.values);
        // §4 success: member info reloads, the modal closes, the site goes to /.
        const info = queryClient.getQueryData<MemberInfo>(memberInfoQueryKey(token));
        if (info) queryClient.setQueryData(memberInfoQueryKey(token), { ...info, mustChangePassword: false });
        void queryClient.invalidateQueries({ queryKey: ['accounts'] });
        onDone();
        void navigate(paths.home);
        if (isForced) welcomeAfterChange(info?.account);
        else void modals.alert({ message: t('accounts.changePassword.success') });
      },
      (error) => {
        if (!isApiRequestError(error)) return errorText('UNKNOWN');
        form.setServerErrors(serverFieldErrors(error, FIELDS, { newPassword: 'newPassword' }));
        return errorText(error.code);
      },
    );

  return (
    <form
      className="account-form account-form__body"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('accounts.changePassword.title')}
    >
      {isForced && (
        <div className="account-notice" role="note">
          <LockIcon size={20} />
          <p>{t('accounts.changePassword.forcedIntro')}</p>
        </div>
      )}
      <FormAlert message={call.alert} />
      <PasswordField
        {...form.field('oldPassword')}
        label={t('accounts.fields.oldPassword')}
        isRequired
        autoComplete="current-password"
        maxLength={128}
      />
      <PasswordPairFields
        password={form.field('newPassword')}
        confirmation={form.field('confirmNewPassword')}
        rule={passwordRule}
      />
      <SubmitButton isBusy={call.isBusy}>{t('accounts.changePassword.submit')}</SubmitButton>
      {isForced && (
        <div className="account-links account-links--center">
          <button type="button" className="link-button" onClick={() => void logout()}>
            {t('accounts.changePassword.logoutInstead')}
          </button>
        </div>
      )}
    </form>
  );
}
