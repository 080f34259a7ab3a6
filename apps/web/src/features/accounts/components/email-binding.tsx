import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { profileFieldRule } from '@jade/contracts/profile';
import { isApiRequestError } from '../../../api/client';
import { Spinner } from '../../../components/spinner';
import { useRegisterSettings } from '../api/get-register-settings';
import { updateProfile } from '../api/update-profile';
import { sendEmailCode, verifyEmailCode } from '../api/verify-email';
import { formatCountdown, useCountdown } from '../hooks/use-countdown';
import { useForm } from '../hooks/use-form';
import { useMessageText } from '../hooks/use-message-text';
import { useRefreshMemberInfo } from '../hooks/use-refresh-member-info';
import {
  checkValue,
  errorMessage,
  required,
  serverFieldErrors,
  type FieldErrors,
} from '../utils/field-rules';
import { FormAlert, TextField } from './form-controls';

type Field = 'email' | 'code';
type EmailBindingProps = {
  /** The address on the account, masked by the server, when one waits for its code. */
  pendingAddress: string | null;
  onDone: (isSaved: boolean) => void;
};

/**
 * Binds an email address: the address (saved unverified), a code sent to it, then the code; the
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
  const [sentTo, setSentTo] = useState<{ to: string; minutes: number }>();
  const [alert, setAlert] = useState<string>();
  const [isBusy, setBusy] = useState(false);
  const emailRule = profileFieldRule(settings, 'email');

  const validate = useCallback(
    (values: Record<Field, string>): FieldErrors<Field> =>
      step === 'address'
        ? { email: checkValue(values.email, emailRule, { isRequired: true }) }
        : { code: values.code.trim() === '' ? required : undefined },
    [step, emailRule],
  );
  const form = useForm<Field>({ email: '', code: '' }, validate);

  const failed = (error: unknown) => {
    const code = isApiRequestError(error) ? error.code : 'UNKNOWN';
    if (code === 'SMS_RESEND_TOO_SOON' && isApiRequestError(error)) {
      countdown.start(Number(error.details?.retryAfterSeconds) || 60);
    }
    if (code === 'CODE_INVALID' || code === 'CODE_EXPIRED')
      form.setServerErrors({ code: errorMessage(code) });
    else if (isApiRequestError(error)) form.setServerErrors(serverFieldErrors(error, ['email'] as const));
    setAlert(errorText(code));
  };

  /** Sends (or sends again) a code to the address on the account. */
  const send = async (to: string) => {
    const sent = await sendEmailCode();
    countdown.start(sent.resendAfterSeconds);
    setSentTo({ to, minutes: sent.expiredMinutes });
  };

  const run = async (action: () => Promise<void>) => {
    if (isBusy) return;
    setBusy(true);
    setAlert(undefined);
    try {
      await action();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.submit()) return;
    if (step === 'address') {
      const email = form.values.email.trim();
      void run(async () => {
        await refresh(await updateProfile({ email }));
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
  const isWaiting = countdown.seconds > 0;

  return (
    <form
      className="account-form__body security-form"
      onSubmit={submit}
      noValidate
      aria-label={t('securityCenter.email')}
    >
      <FormAlert message={alert} />
      {step === 'address' ? (
        <TextField
          {...form.field('email')}
          label={t('accounts.fields.email')}
          isRequired
          type="email"
          autoComplete="email"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={emailRule.max}
        />
      ) : (
        <>
          <TextField
            {...form.field('code')}
            onChange={(next) => form.setValue('code', next.replace(/\D/g, ''))}
            label={t('accounts.challenge.label.EMAIL')}
            isRequired
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
            after={
              <button
                type="button"
                className="button button--secondary button--small account-sms__send"
                disabled={isWaiting || isBusy}
                onClick={resend}
              >
                {isWaiting
                  ? t('accounts.sms.resendIn', { time: formatCountdown(countdown.seconds) })
                  : sentTo
                    ? t('accounts.sms.resend')
                    : t('accounts.sms.getCode')}
              </button>
            }
          />
          {sentTo && (
            <p className="account-sms__sent" role="status">
              {t('accounts.sms.sent', { destination: sentTo.to, minutes: sentTo.minutes })}
            </p>
          )}
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
      <div className="security-form__actions">
        <button type="button" className="button button--secondary" onClick={() => onDone(false)}>
          {t('modal.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={isBusy}>
          {isBusy && <Spinner />}
          {step === 'address' ? t('accounts.sms.send') : t('accounts.security.verify')}
        </button>
      </div>
    </form>
  );
}
