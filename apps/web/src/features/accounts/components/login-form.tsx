import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../../api/client';
import { Spinner } from '../../../components/spinner';
import { useModals } from '../../../components/modal/modal-context';
import { useBrand } from '../../../config/brand';
import { startFreePlay } from '../api/free-play';
import { asksForCaptcha, challengeOf, login, type LoginChallenge } from '../api/login';
import { useCaptcha } from '../hooks/use-captcha';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { useForm } from '../hooks/use-form';
import { useFormCall } from '../hooks/use-form-call';
import { useMessageText } from '../hooks/use-message-text';
import { usePhoneCodeForm } from '../hooks/use-phone-number';
import { errorMessage, required, serverFieldErrors, type FieldErrors } from '../utils/field-rules';
import { readRememberedUsername, rememberUsername } from '../utils/remember-me';
import { PlayCircleIcon } from './account-icons';
import { CaptchaField } from './captcha-field';
import {
  CheckboxField,
  FormAlert,
  ModeSwitch,
  PasswordField,
  SubmitButton,
  UsernameField,
} from './form-controls';
import { PhoneCodeFields } from './phone-code-fields';
import { SocialSignIn } from './social-sign-in';

type LoginMode = 'username' | 'sms';

type LoginFormProps = {
  initialUsername?: string | undefined;
  initialPassword?: string | undefined;
  onChallenge: (challenge: LoginChallenge) => void;
};

// §4: once a login answer carried the captcha flag, the captcha shows from then on (this tab's session).
const CAPTCHA_FLAG_KEY = 'loginCaptcha';
const isCaptchaRequested = () => {
  try {
    return sessionStorage.getItem(CAPTCHA_FLAG_KEY) === '1';
  } catch {
    return false;
  }
};
const requestCaptcha = () => {
  try {
    sessionStorage.setItem(CAPTCHA_FLAG_KEY, '1');
  } catch {
    // Without storage the captcha shows until the form closes.
  }
};

/** §3 login form: by username and password, or (MOBILEVERCODELOGIN3) by a code sent to the mobile. */
export function LoginForm({ initialUsername, initialPassword, onChallenge }: LoginFormProps) {
  const { t } = useTranslation();
  const modals = useModals();
  const { whitelabel } = useBrand();
  const flags = whitelabel.whitelabel;
  const [mode, setMode] = useState<LoginMode>('username');
  const modes = [
    { value: 'username' as const, label: t('accounts.login.byUsername') },
    ...(flags.MOBILEVERCODELOGIN3 ? [{ value: 'sms' as const, label: t('accounts.login.bySms') }] : []),
  ];
  return (
    <div className="account-form">
      <ModeSwitch label={t('accounts.login.mode')} value={mode} options={modes} onChange={setMode} />
      {mode === 'username' ? (
        <UsernameLogin
          initialUsername={initialUsername}
          initialPassword={initialPassword}
          onChallenge={onChallenge}
        />
      ) : (
        <SmsLogin onChallenge={onChallenge} />
      )}
      <div className="account-links">
        <button type="button" className="link-button" onClick={() => modals.open('forgotPassword')}>
          {t('accounts.forgotPassword.link')}
        </button>
        <button type="button" className="link-button" onClick={() => modals.open('register')}>
          {t('accounts.login.noAccount')}
        </button>
      </div>
      {flags.FREEPLAY3 && <FreePlayButton />}
      <SocialSignIn />
    </div>
  );
}

type UsernameField = 'username' | 'password' | 'captcha';

function UsernameLogin({ initialUsername, initialPassword, onChallenge }: LoginFormProps) {
  const { t } = useTranslation();
  const { errorText } = useMessageText();
  const completeLogin = useCompleteLogin();
  const [remembered] = useState(readRememberedUsername);
  const [isRemembered, setRemembered] = useState(Boolean(remembered));
  const [isCaptchaShown, setCaptchaShown] = useState(isCaptchaRequested);
  const call = useFormCall();
  const captcha = useCaptcha(isCaptchaShown);

  const validate = useCallback(
    (values: Record<UsernameField, string>): FieldErrors<UsernameField> => ({
      username: values.username.trim() === '' ? required : undefined,
      password: values.password === '' ? required : undefined,
      captcha: isCaptchaShown && values.captcha.trim() === '' ? required : undefined,
    }),
    [isCaptchaShown],
  );
  const form = useForm<UsernameField>(
    { username: initialUsername || remembered, password: initialPassword ?? '', captcha: '' },
    validate,
  );

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (call.isBusy) return;
    const isValid = form.submit();
    const { username, password, captcha: answer } = form.values;
    if (!isValid) {
      // §8 'Please enter the username and password'.
      call.setAlert(
        username.trim() === '' || password === '' ? t('accounts.login.emptyCredentials') : undefined,
      );
      return;
    }
    await call.run(
      async () => {
        const result = await login({
          username: username.trim(),
          password,
          type: 'username',
          site: 'MEMBER',
          ...(isCaptchaShown &&
            captcha.image && { captchaId: captcha.image.captchaId, captcha: answer.trim() }),
        });
        rememberUsername(isRemembered ? username.trim() : null);
        await completeLogin(result, { modal: 'login' });
      },
      (error) => {
        if (!isApiRequestError(error)) return errorText('UNKNOWN');
        const challenge = challengeOf(error);
        if (challenge) {
          rememberUsername(isRemembered ? username.trim() : null);
          onChallenge(challenge);
          return undefined;
        }
        if (asksForCaptcha(error)) {
          requestCaptcha();
          setCaptchaShown(true);
        }
        // A captcha is good for one try, whatever the outcome.
        if (isCaptchaShown) {
          captcha.refresh();
          form.setValue('captcha', '');
        }
        if (error.code === 'CAPTCHA_INVALID' && isCaptchaShown) {
          form.setServerErrors({ captcha: errorMessage('CAPTCHA_INVALID') });
        } else if (error.code === 'VALIDATION_FAILED') {
          form.setServerErrors(serverFieldErrors(error, ['username', 'password', 'captcha'] as const));
        }
        if (error.code === 'LOGIN_FAILED') form.setValue('password', '');
        return error.code !== 'CAPTCHA_INVALID' || !isCaptchaShown ? errorText(error.code) : undefined;
      },
    );
  };

  // The header's login form hands over both fields: log in straight away.
  const isAutoSubmitted = useRef(false);
  useEffect(() => {
    if (isAutoSubmitted.current || !initialUsername || !initialPassword) return;
    isAutoSubmitted.current = true;
    void submit();
    // Once, on arrival: `submit` reads the values the form started with.
  }, []);

  return (
    <form
      className="account-form__body"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('accounts.login.title')}
    >
      <FormAlert message={call.alert} />
      <UsernameField {...form.field('username')} />
      <PasswordField
        {...form.field('password')}
        label={t('accounts.fields.password')}
        isRequired
        autoComplete="current-password"
        maxLength={128}
      />
      {isCaptchaShown && (
        <CaptchaField
          captcha={captcha}
          value={form.values.captcha}
          onChange={(value) => form.setValue('captcha', value)}
          error={form.errorOf('captcha')}
          autoFocus
        />
      )}
      <CheckboxField name="remember" isChecked={isRemembered} onChange={setRemembered}>
        {t('accounts.login.remember')}
      </CheckboxField>
      <SubmitButton isBusy={call.isBusy}>{t('accounts.login.submit')}</SubmitButton>
    </form>
  );
}

function SmsLogin({ onChallenge }: Pick<LoginFormProps, 'onChallenge'>) {
  const { t } = useTranslation();
  const { errorText } = useMessageText();
  const completeLogin = useCompleteLogin();
  const { phone, form } = usePhoneCodeForm();
  const call = useFormCall();

  const submit = (event: FormEvent) =>
    call.submit(
      event,
      form,
      async () => {
        const result = await login({
          type: 'sms',
          username: form.values.mobileNum.trim(),
          password: form.values.verificationCode.trim(),
          countryDialingCode: phone.dialCode,
          site: 'MEMBER',
        });
        await completeLogin(result, { modal: 'login' });
      },
      (error) => {
        if (!isApiRequestError(error)) return errorText('UNKNOWN');
        const challenge = challengeOf(error);
        if (challenge) {
          onChallenge(challenge);
        } else if (error.code === 'CODE_INVALID' || error.code === 'CODE_EXPIRED') {
          form.setServerErrors({ verificationCode: errorMessage(error.code) });
        } else if (error.code === 'PHONE_INVALID') {
          form.setServerErrors({ mobileNum: errorMessage(error.code) });
        } else {
          return errorText(error.code);
        }
        return undefined;
      },
    );

  return (
    <form
      className="account-form__body"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('accounts.login.bySms')}
    >
      <FormAlert message={call.alert} />
      <PhoneCodeFields purpose="login" form={form} phone={phone} />
      <SubmitButton isBusy={call.isBusy}>{t('accounts.login.submit')}</SubmitButton>
    </form>
  );
}

/** §4 free-play login: a trial account with play money; success goes to the home page. */
function FreePlayButton() {
  const { t } = useTranslation();
  const completeLogin = useCompleteLogin();
  const [isBusy, setBusy] = useState(false);
  const play = async () => {
    setBusy(true);
    try {
      await completeLogin(await startFreePlay(), { modal: 'login', goHome: true });
    } catch {
      // §8: a free-play failure is silent; the button can be pressed again.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="account-freeplay">
      <p className="account-divider">
        <span>{t('accounts.or')}</span>
      </p>
      <button
        type="button"
        className="button button--ghost account-freeplay__button"
        disabled={isBusy}
        onClick={() => void play()}
      >
        {isBusy ? <Spinner /> : <PlayCircleIcon size={18} />}
        {t('accounts.login.freePlay')}
      </button>
      <p className="account-freeplay__hint">{t('accounts.login.freePlayHint')}</p>
    </div>
  );
}
