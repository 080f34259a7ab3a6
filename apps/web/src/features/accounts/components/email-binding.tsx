import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { profileFieldRule } from '@jade/contracts/profile';
import { isApiRequestError } from '../../../api/client';
import { useRegisterSettings } from '../api/get-register-settings';
import { updateProfile } from '../api/update-profile';
import { sendEmailCode, verifyEmailCode } from '../api/verify-email';
import { useCountdown } from '../hooks/use-countdown';
import { useForm } from '../hooks/use-form';
import { useFormCall } from '../hooks/use-form-call';
import { useMessageText } from '../hooks/use-message-text';
import { useRefreshMemberInfo } from '../hooks/use-refresh-member-info';
import {
  checkValue,
  errorMessage,
  required,
  serverFieldErrors,
  type FieldErrors,
} from '../utils/field-rules';
import { EmailField, FormAlert, PasswordField, SecurityFormActions } from './form-controls';
import { CodeField, type SentCode } from './sms-code-field';

type Field = 'email' | 'password' | 'code';
type EmailBindingProps = {
  /** The address on the account, masked by the server, when one waits for its code. */
  pendingAddress: string | null;
  onDone: (isSaved: boolean) => void;
};

/**
 * Binds an email address: the address with the login password (saved unverified), a code sent to it,
 * then the code; the
 * address is verified once the code is accepted. The resend waits for the server's countdown.
 */
export function EmailBinding({ pendingAddress, onDone }: EmailBindingProps) {
  const { t } = useTranslation();
  const { errorText } = useMessageText();
  const settings = useRegisterSettings();
  const refresh = useRefreshMemberInfo();
  const countdown = useCountdown();
  // An unverified address goes straight to its code; otherwise the address comes first.
  const [step, setStep] = useState<'address' | 'code'>(pendingAddress ? 'code' : 'address');
  const [sentTo, setSentTo] = useState<SentCode>();
  const call = useFormCall();
  const emailRule = profileFieldRule(settings, 'email');

  const validate = useCallback(
    (values: Record<Field, string>): FieldErrors<Field> =>
      step === 'address'
        ? {
            email: checkValue(values.email, emailRule, { isRequired: true }),
            password: values.password === '' ? required : undefined,
          }
        : { code: values.code.trim() === '' ? required : undefined },
    [step, emailRule],
  );
  const form = useForm<Field>({ email: '', password: '', code: '' }, validate);

  const failed = (error: unknown) => {
    const code = isApiRequestError(error) ? error.code : 'UNKNOWN';
    if (code === 'SMS_RESEND_TOO_SOON' && isApiRequestError(error)) {
      countdown.start(Number(error.details?.retryAfterSeconds) || 60);
    }
    if (code === 'CODE_INVALID' || code === 'CODE_EXPIRED')
      form.setServerErrors({ code: errorMessage(code) });
    else if (code === 'WRONG_PASSWORD') form.setServerErrors({ password: errorMessage(code) });
    else if (isApiRequestError(error)) form.setServerErrors(serverFieldErrors(error, ['email'] as const));
    return errorText(code);
  };

  /** Sends (or sends again) a code to the address on the account. */
  const send = async (to: string) => {
    const sent = await sendEmailCode();
    countdown.start(sent.resendAfterSeconds);
    setSentTo({ to, minutes: sent.expiredMinutes });
  };

  const run = async (action: () => Promise<void>) => {
    if (call.isBusy) return;
    await call.run(action, failed);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.submit()) return;
    if (step === 'address') {
      const email = form.values.email.trim();
      void run(async () => {
        await refresh(await updateProfile({ email, password: form.values.password }));
        form.reset();
        setStep('code');
        await send(email);
      });
      return;
    }
    void run(async () => {
      await verifyEmailCode(form.values.code.trim());
      await refresh();
      onDone(true);
    });
  };

  const resend = () => void run(() => send(sentTo?.to ?? pendingAddress ?? ''));

  return (
    <form
      className="account-form__body security-form"
      onSubmit={submit}
      noValidate
      aria-label={t('securityCenter.email')}
    >
      <FormAlert message={call.alert} />
      {step === 'address' ? (
        <>
          <EmailField {...form.field('email')} maxLength={emailRule.max} />
          <PasswordField
            {...form.field('password')}
            label={t('accounts.security.loginPassword')}
            isRequired
            autoComplete="current-password"
            maxLength={128}
          />
        </>
      ) : (
        <>
          <CodeField
            {...form.field('code')}
            label={t('accounts.challenge.label.EMAIL')}
            isRequired
            secondsLeft={countdown.seconds}
            sentTo={sentTo}
            isSendDisabled={call.isBusy}
            onSend={resend}
          />
          <button
            type="button"
            className="link-button security-form__link"
            onClick={() => {
              form.reset();
              setStep('address');
            }}
          >
            {t('accounts.security.otherEmail')}
          </button>
        </>
      )}
      <SecurityFormActions isBusy={call.isBusy} onCancel={() => onDone(false)}>
        {step === 'address' ? t('accounts.sms.send') : t('accounts.security.verify')}
      </SecurityFormActions>
    </form>
  );
}
