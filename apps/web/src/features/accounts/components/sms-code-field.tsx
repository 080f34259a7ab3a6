import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SMS_THROTTLE_MS } from '@jade/contracts/constants';
import { isApiRequestError } from '../../../api/client';
import { useModals } from '../../../components/modal/modal-context';
import { sendSmsCode, type SmsPurpose } from '../api/send-sms-code';
import { useCaptcha } from '../hooks/use-captcha';
import { formatCountdown, useCountdown } from '../hooks/use-countdown';
import { useMessageText } from '../hooks/use-message-text';
import { errorMessage, required, type FieldMessage } from '../utils/field-rules';
import { CaptchaField } from './captcha-field';
import { TextField, type TextFieldProps } from './form-controls';

export type PhoneNumber = { mobileNo: string; countryDialingCode: string };

/** Where the last code went, and for how many minutes it holds. */
export type SentCode = { to: string; minutes: number };

type SmsCodeFieldProps = {
  purpose: SmsPurpose;
  /** The number to send to, once the form has checked it; undefined when it is not valid yet. */
  getPhone: () => PhoneNumber | undefined;
  /** A problem the server found with the number (invalid, already registered). */
  onPhoneError: (message: FieldMessage) => void;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: FieldMessage | undefined;
  isRequired?: boolean;
  label?: string;
};

/**
 * §3 verificationCode with its "Get code" button. Sending needs the human check, so the button first
 * asks for the captcha; then a countdown (§9: 60 s x the server's expiredMinutes) holds the resend.
 */
export function SmsCodeField({
  purpose,
  getPhone,
  onPhoneError,
  value,
  onChange,
  onBlur,
  error,
  isRequired = true,
  label,
}: SmsCodeFieldProps) {
  const { t } = useTranslation();
  const { errorText } = useMessageText();
  const modals = useModals();
  const countdown = useCountdown();
  const [phone, setPhone] = useState<PhoneNumber>();
  const [answer, setAnswer] = useState('');
  const [captchaError, setCaptchaError] = useState<FieldMessage>();
  const [isSending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<SentCode>();
  const lastSentAt = useRef(0);
  const captcha = useCaptcha(phone !== undefined);

  const ask = () => {
    const next = getPhone();
    if (!next) return;
    setAnswer('');
    setCaptchaError(undefined);
    setPhone(next);
  };

  const send = async () => {
    if (!phone || !captcha.image) return;
    if (answer.trim() === '') {
      setCaptchaError(required);
      return;
    }
    // §9: get-SMS at most once per 1000 ms.
    if (isSending || Date.now() - lastSentAt.current < SMS_THROTTLE_MS) return;
    lastSentAt.current = Date.now();
    setSending(true);
    try {
      const sent = await sendSmsCode(purpose, {
        ...phone,
        captchaId: captcha.image.captchaId,
        captcha: answer.trim(),
      });
      countdown.start(sent.resendAfterSeconds);
      setSentTo({ to: `${phone.countryDialingCode} ${phone.mobileNo}`, minutes: sent.expiredMinutes });
      setPhone(undefined);
    } catch (failure) {
      const code = isApiRequestError(failure) ? failure.code : 'UNKNOWN';
      if (code === 'CAPTCHA_INVALID') {
        setCaptchaError(errorMessage(code));
        setAnswer('');
        captcha.refresh();
        return;
      }
      setPhone(undefined);
      if (code === 'PHONE_INVALID' || code === 'MOBILE_TAKEN') {
        onPhoneError(errorMessage(code));
      } else if (code === 'SMS_RESEND_TOO_SOON' && isApiRequestError(failure)) {
        countdown.start(Number(failure.details?.retryAfterSeconds) || 60);
      } else {
        // §8: a failed SMS send is a dialog with the reason.
        void modals.alert({ title: t('accounts.sms.failedTitle'), message: errorText(code) });
      }
    } finally {
      setSending(false);
    }
  };

  const onCaptchaKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    // Enter sends the code, not the form around it.
    event.preventDefault();
    void send();
  };

  return (
    <div className="account-sms">
      <CodeField
        name="verificationCode"
        label={label ?? t('accounts.fields.verificationCode')}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        error={error}
        isRequired={isRequired}
        secondsLeft={countdown.seconds}
        sentTo={sentTo}
        isSentShown={!phone}
        isSendDisabled={phone !== undefined}
        onSend={ask}
      />
      {phone && (
        <div
          className="account-sms__prompt"
          role="group"
          aria-label={t('accounts.sms.promptTitle')}
          onKeyDown={onCaptchaKeyDown}
        >
          <p className="account-sms__prompt-text">
            {t('accounts.sms.prompt', { destination: `${phone.countryDialingCode} ${phone.mobileNo}` })}
          </p>
          <CaptchaField
            captcha={captcha}
            value={answer}
            onChange={(next) => {
              setAnswer(next);
              setCaptchaError(undefined);
            }}
            error={captchaError}
            autoFocus
          />
          <div className="account-sms__actions">
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => setPhone(undefined)}
            >
              {t('modal.cancel')}
            </button>
            <button
              type="button"
              className="button button--primary button--small"
              disabled={isSending || !captcha.image}
              onClick={() => void send()}
            >
              {t('accounts.sms.send')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

type CodeFieldProps = Pick<
  TextFieldProps,
  'name' | 'label' | 'value' | 'onChange' | 'onBlur' | 'error' | 'isRequired'
> & {
  /** Seconds until another code may be sent; 0 when it may. */
  secondsLeft: number;
  sentTo: SentCode | undefined;
  /** Whether the line saying where the code went shows (not while the next one is asked for). */
  isSentShown?: boolean;
  isSendDisabled: boolean;
  onSend: () => void;
};

/** A code sent by SMS or email: digits only, its get / resend button with the countdown, and where it went. */
export function CodeField({
  secondsLeft,
  sentTo,
  isSentShown = true,
  isSendDisabled,
  onSend,
  onChange,
  ...props
}: CodeFieldProps) {
  const { t } = useTranslation();
  const isWaiting = secondsLeft > 0;
  return (
    <>
      <TextField
        {...props}
        onChange={(next) => onChange(next.replace(/\D/g, ''))}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={8}
        after={
          <button
            type="button"
            className="button button--secondary button--small account-sms__send"
            disabled={isWaiting || isSendDisabled}
            onClick={onSend}
          >
            {isWaiting
              ? t('accounts.sms.resendIn', { time: formatCountdown(secondsLeft) })
              : sentTo
                ? t('accounts.sms.resend')
                : t('accounts.sms.getCode')}
          </button>
        }
      />
      {sentTo && isSentShown && (
        <p className="account-sms__sent" role="status">
          {t('accounts.sms.sent', { destination: sentTo.to, minutes: sentTo.minutes })}
        </p>
      )}
    </>
  );
}
