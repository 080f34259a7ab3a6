import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiRequestError } from '../../../api/client';
import { useModals } from '../../../components/modal/modal-context';
import { resetPasswordWithToken } from '../api/forgot-password';
import { useRegisterSettings } from '../api/get-register-settings';
import { FormAlert, SubmitButton } from '../components/form-controls';
import { PasswordPairFields } from '../components/password-pair-fields';
import { useForm } from '../hooks/use-form';
import { useFormCall } from '../hooks/use-form-call';
import { useMessageText } from '../hooks/use-message-text';
import { checkConfirmation, checkValue, serverFieldErrors, type FieldErrors } from '../utils/field-rules';

type Field = 'newPassword' | 'confirmNewPassword';

/** /resetPassword?token=…: where the forgot-password email's link lands (§4 forgot by email). */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { errorText } = useMessageText();
  const modals = useModals();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const settings = useRegisterSettings();
  const passwordRule = settings.passwordRule;
  const call = useFormCall();
  const [isDone, setDone] = useState(false);

  const validate = useCallback(
    (values: Record<Field, string>): FieldErrors<Field> => ({
      newPassword: checkValue(values.newPassword, passwordRule, { isRequired: true }),
      confirmNewPassword: checkConfirmation(values.newPassword, values.confirmNewPassword),
    }),
    [passwordRule],
  );
  const form = useForm<Field>({ newPassword: '', confirmNewPassword: '' }, validate);

  const submit = (event: FormEvent) =>
    call.submit(
      event,
      form,
      async () => {
        await resetPasswordWithToken({ token, newPassword: form.values.newPassword });
        setDone(true);
      },
      (error) => {
        if (!isApiRequestError(error)) return errorText('UNKNOWN');
        form.setServerErrors(
          serverFieldErrors(error, ['newPassword', 'confirmNewPassword'] as const, {
            newPassword: 'newPassword',
          }),
        );
        return errorText(error.code);
      },
    );

  return (
    <section className="page page--narrow" aria-labelledby="reset-title">
      <h1 id="reset-title">{t('accounts.reset.title')}</h1>
      {isDone ? (
        <div className="account-form__body">
          <p className="page__lead" role="status">
            {t('accounts.reset.done')}
          </p>
          <button type="button" className="button button--primary" onClick={() => modals.open('login')}>
            {t('accounts.login.submit')}
          </button>
        </div>
      ) : token.length < 20 ? (
        <FormAlert message={errorText('CODE_INVALID')} />
      ) : (
        <form className="account-form account-form__body" onSubmit={(event) => void submit(event)} noValidate>
          <p className="page__lead">{t('accounts.reset.intro')}</p>
          <FormAlert message={call.alert} />
          <PasswordPairFields
            password={form.field('newPassword')}
            confirmation={form.field('confirmNewPassword')}
            rule={passwordRule}
          />
          <SubmitButton isBusy={call.isBusy}>{t('accounts.reset.submit')}</SubmitButton>
        </form>
      )}
    </section>
  );
}
