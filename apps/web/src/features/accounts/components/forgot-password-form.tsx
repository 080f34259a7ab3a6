import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../../api/client';
import { Spinner } from '../../../components/spinner';
import { useModals } from '../../../components/modal/modal-context';
import { useBrand } from '../../../config/brand';
import { forgotPasswordByEmail, setPasswordByPhone } from '../api/forgot-password';
import { useRegisterSettings } from '../api/get-register-settings';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { useForm } from '../hooks/use-form';
import { useMessageText } from '../hooks/use-message-text';
import { defaultDialingCode } from '../utils/dialing-codes';
import {
  checkConfirmation,
  checkValue,
  errorMessage,
  isWeakDefaultPassword,
  required,
  ruleOf,
  serverFieldErrors,
  weakPassword,
  type FieldErrors,
} from '../utils/field-rules';
import { CheckCircleIcon } from './account-icons';
import { DialingCodeSelect, FormAlert, ModeSwitch, TextField } from './form-controls';
import { PasswordPairFields } from './password-pair-fields';
import { SmsCodeField } from './sms-code-field';

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
  const [alert, setAlert] = useState<string>();
  const [isBusy, setBusy] = useState(false);
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy || !form.submit()) return;
    setBusy(true);
    setAlert(undefined);
    try {
      await forgotPasswordByEmail({ username: form.values.username.trim(), email: form.values.email.trim() });
      setSent(true);
    } catch (error) {
      if (isApiRequestError(error) && error.code === 'VALIDATION_FAILED') {
        form.setServerErrors(serverFieldErrors(error, ['username', 'email'] as const));
      }
      setAlert(errorText(isApiRequestError(error) ? error.code : 'UNKNOWN'));
    } finally {
      setBusy(false);
    }
  };

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
      <FormAlert message={alert} />
      <TextField
        {...form.field('username')}
        label={t('accounts.fields.username')}
        isRequired
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={64}
      />
      <TextField
        {...form.field('email')}
        label={t('accounts.fields.email')}
        isRequired
        type="email"
        autoComplete="email"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={254}
      />
      <button type="submit" className="button button--primary account-form__submit" disabled={isBusy}>
        {isBusy && <Spinner />}
        {t('accounts.forgotPassword.sendLink')}
      </button>
    </form>
  );
}

type PhoneField = 'mobileNum' | 'verificationCode' | 'newPassword' | 'confirmNewPassword';

function PhoneRecovery() {
  const { t } = useTranslation();
  const { errorText } = useMessageText();
  const { whitelabel } = useBrand();
  const settings = useRegisterSettings();
  const completeLogin = useCompleteLogin();
  const [dialCode, setDialCode] = useState(() => defaultDialingCode(whitelabel.location.country));
  const [alert, setAlert] = useState<string>();
  const [isBusy, setBusy] = useState(false);
  const mobileRule = ruleOf(settings, 'mobileNum');
  const passwordRule = settings.passwordRule;
  const validate = useCallback(
    (values: Record<PhoneField, string>): FieldErrors<PhoneField> => ({
      mobileNum: checkValue(values.mobileNum, mobileRule, { isRequired: true }),
      verificationCode: values.verificationCode.trim() === '' ? required : undefined,
      newPassword: checkValue(values.newPassword, passwordRule, { isRequired: true }),
      confirmNewPassword: checkConfirmation(values.newPassword, values.confirmNewPassword),
    }),
    [mobileRule, passwordRule],
  );
  const form = useForm<PhoneField>(
    { mobileNum: '', verificationCode: '', newPassword: '', confirmNewPassword: '' },
    validate,
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy || !form.submit()) return;
    setBusy(true);
    setAlert(undefined);
    try {
      if (await isWeakDefaultPassword(settings, form.values.newPassword)) {
        form.setServerErrors({ newPassword: weakPassword });
        return;
      }
      const result = await setPasswordByPhone({
        mobileNum: form.values.mobileNum.trim(),
        countryDialingCode: dialCode,
        verificationCode: form.values.verificationCode.trim(),
        newPassword: form.values.newPassword,
      });
      // §4: then auto login and go to /.
      await completeLogin(result, { modal: 'forgotPassword', goHome: true });
    } catch (error) {
      if (!isApiRequestError(error)) {
        setAlert(errorText('UNKNOWN'));
        return;
      }
      const errors = serverFieldErrors(error, ['mobileNum', 'verificationCode', 'newPassword'] as const);
      if (error.code === 'CODE_EXPIRED' || error.code === 'CODE_INVALID') {
        errors.verificationCode = errorMessage(error.code);
      }
      form.setServerErrors(errors);
      setAlert(errorText(error.code));
    } finally {
      setBusy(false);
    }
  };

  const getPhone = () => {
    const problem = checkValue(form.values.mobileNum, mobileRule, { isRequired: true });
    if (problem) {
      form.setServerErrors({ mobileNum: problem });
      return undefined;
    }
    return { mobileNo: form.values.mobileNum.trim(), countryDialingCode: dialCode };
  };

  return (
    <form
      className="account-form__body"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('accounts.forgotPassword.byPhone')}
    >
      <p className="account-form__intro">{t('accounts.forgotPassword.phoneIntro')}</p>
      <FormAlert message={alert} />
      <TextField
        {...form.field('mobileNum')}
        label={t('accounts.fields.mobileNum')}
        isRequired
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={20}
        before={<DialingCodeSelect value={dialCode} onChange={setDialCode} />}
      />
      <SmsCodeField
        purpose="password"
        getPhone={getPhone}
        onPhoneError={(message) => form.setServerErrors({ mobileNum: message })}
        {...form.field('verificationCode')}
      />
      <PasswordPairFields
        password={form.field('newPassword')}
        confirmation={form.field('confirmNewPassword')}
        rule={passwordRule}
      />
      <button type="submit" className="button button--primary account-form__submit" disabled={isBusy}>
        {isBusy && <Spinner />}
        {t('accounts.forgotPassword.submit')}
      </button>
    </form>
  );
}
