import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../../api/client';
import { useModals } from '../../../components/modal/modal-context';
import { useBrand } from '../../../config/brand';
import { forgotPasswordByEmail, setPasswordByPhone } from '../api/forgot-password';
import { useRegisterSettings } from '../api/get-register-settings';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { useForm } from '../hooks/use-form';
import { useFormCall } from '../hooks/use-form-call';
import { useMessageText } from '../hooks/use-message-text';
import { checkPhoneCode, usePhoneNumber } from '../hooks/use-phone-number';
import {
  checkConfirmation,
  checkValue,
  errorMessage,
  ruleOf,
  serverFieldErrors,
  type FieldErrors,
} from '../utils/field-rules';
import { CheckCircleIcon } from './account-icons';
import { EmailField, FormAlert, ModeSwitch, SubmitButton, UsernameField } from './form-controls';
import { PasswordPairFields } from './password-pair-fields';
import { PhoneCodeFields } from './phone-code-fields';

type RecoveryMode = 'email' | 'phone';

/** §4 forgot password: a reset link by email, or (CHNGPASSVERIF3) a code by SMS and a new password. */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const { whitelabel } = useBrand();
  const [mode, setMode] = useState<RecoveryMode>('email');
  const modes = [
    { value: 'email' as const, label: t('accounts.forgotPassword.byEmail') },
    ...(whitelabel.whitelabel.CHNGPASSVERIF3
      ? [{ value: 'phone' as const, label: t('accounts.forgotPassword.byPhone') }]
      : []),
  ];
  return (
    <div className="account-form">
      <ModeSwitch label={t('accounts.forgotPassword.mode')} value={mode} options={modes} onChange={setMode} />
      {mode === 'email' ? <EmailRecovery /> : <PhoneRecovery />}
    </div>
  );
}

type EmailField = 'username' | 'email';

function EmailRecovery() {
  const { t } = useTranslation();
  const { errorText } = useMessageText();
  const modals = useModals();
  const settings = useRegisterSettings();
  const call = useFormCall();
  const [isSent, setSent] = useState(false);
  const usernameRule = ruleOf(settings, 'username');
  const emailRule = ruleOf(settings, 'email');
  const validate = useCallback(
    (values: Record<EmailField, string>): FieldErrors<EmailField> => ({
      username: checkValue(values.username, usernameRule, { isRequired: true }),
      email: checkValue(values.email, emailRule, { isRequired: true }),
    }),
    [usernameRule, emailRule],
  );
  const form = useForm<EmailField>({ username: '', email: '' }, validate);

  const submit = (event: FormEvent) =>
    call.submit(
      event,
      form,
      async () => {
        await forgotPasswordByEmail({
          username: form.values.username.trim(),
          email: form.values.email.trim(),
        });
        setSent(true);
      },
      (error) => {
        if (isApiRequestError(error) && error.code === 'VALIDATION_FAILED') {
          form.setServerErrors(serverFieldErrors(error, ['username', 'email'] as const));
        }
        return errorText(isApiRequestError(error) ? error.code : 'UNKNOWN');
      },
    );

  if (isSent) {
    return (
      <div className="account-step" role="status">
        <div className="account-step__icon account-step__icon--success">
          <CheckCircleIcon size={32} />
        </div>
        {/* §8: 'in_been_out', whether or not the account exists. */}
        <p className="account-step__text">{t('accounts.forgotPassword.in_been_out')}</p>
        <button type="button" className="button button--primary" onClick={() => modals.open('login')}>
          {t('accounts.forgotPassword.backToLogin')}
        </button>
      </div>
    );
  }

  return (
    <form
      className="account-form__body"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('accounts.forgotPassword.byEmail')}
    >
      <p className="account-form__intro">{t('accounts.forgotPassword.emailIntro')}</p>
      <FormAlert message={call.alert} />
      <UsernameField {...form.field('username')} />
      <EmailField {...form.field('email')} maxLength={254} />
      <SubmitButton isBusy={call.isBusy}>{t('accounts.forgotPassword.sendLink')}</SubmitButton>
    </form>
  );
}

type PhoneField = 'mobileNum' | 'verificationCode' | 'newPassword' | 'confirmNewPassword';

function PhoneRecovery() {
  const { t } = useTranslation();
  const { errorText } = useMessageText();
  const settings = useRegisterSettings();
  const completeLogin = useCompleteLogin();
  const phone = usePhoneNumber();
  const call = useFormCall();
  const passwordRule = settings.passwordRule;
  const validate = useCallback(
    (values: Record<PhoneField, string>): FieldErrors<PhoneField> => ({
      ...checkPhoneCode(values, phone.rule),
      newPassword: checkValue(values.newPassword, passwordRule, { isRequired: true }),
      confirmNewPassword: checkConfirmation(values.newPassword, values.confirmNewPassword),
    }),
    [phone.rule, passwordRule],
  );
  const form = useForm<PhoneField>(
    { mobileNum: '', verificationCode: '', newPassword: '', confirmNewPassword: '' },
    validate,
  );

  const submit = (event: FormEvent) =>
    call.submit(
      event,
      form,
      async () => {
        const result = await setPasswordByPhone({
          mobileNum: form.values.mobileNum.trim(),
          countryDialingCode: phone.dialCode,
          verificationCode: form.values.verificationCode.trim(),
          newPassword: form.values.newPassword,
        });
        // §4: then auto login and go to /.
        await completeLogin(result, { modal: 'forgotPassword', goHome: true });
      },
      (error) => {
        if (!isApiRequestError(error)) return errorText('UNKNOWN');
        const errors = serverFieldErrors(error, ['mobileNum', 'verificationCode', 'newPassword'] as const);
        if (error.code === 'CODE_EXPIRED' || error.code === 'CODE_INVALID') {
          errors.verificationCode = errorMessage(error.code);
        }
        form.setServerErrors(errors);
        return errorText(error.code);
      },
    );

  return (
    <form
      className="account-form__body"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('accounts.forgotPassword.byPhone')}
    >
      <p className="account-form__intro">{t('accounts.forgotPassword.phoneIntro')}</p>
      <FormAlert message={call.alert} />
      <PhoneCodeFields purpose="password" form={form} phone={phone} />
      <PasswordPairFields
        password={form.field('newPassword')}
        confirmation={form.field('confirmNewPassword')}
        rule={passwordRule}
      />
      <SubmitButton isBusy={call.isBusy}>{t('accounts.forgotPassword.submit')}</SubmitButton>
    </form>
  );
}
