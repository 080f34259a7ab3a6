import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../../api/client';
import { Spinner } from '../../../components/spinner';
import { useModals } from '../../../components/modal/modal-context';
import { useBrand } from '../../../config/brand';
import { startFreePlay } from '../api/free-play';
import { useRegisterSettings } from '../api/get-register-settings';
import { asksForCaptcha, challengeOf, login, type LoginChallenge } from '../api/login';
import { useCaptcha } from '../hooks/use-captcha';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { useForm } from '../hooks/use-form';
import { useMessageText } from '../hooks/use-message-text';
import { defaultDialingCode } from '../utils/dialing-codes';
import {
  checkValue,
  errorMessage,
  required,
  ruleOf,
  serverFieldErrors,
  type FieldErrors,
} from '../utils/field-rules';
import { readRememberedUsername, rememberUsername } from '../utils/remember-me';
import { PlayCircleIcon } from './account-icons';
import { CaptchaField } from './captcha-field';
import {
  CheckboxField,
  DialingCodeSelect,
  FormAlert,
  ModeSwitch,
  PasswordField,
  TextField,
} from './form-controls';
import { SmsCodeField } from './sms-code-field';
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
  const [alert, setAlert] = useState<string>();
  const [isBusy, setBusy] = useState(false);
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
    if (isBusy) return;
    const isValid = form.submit();
    const { username, password, captcha: answer } = form.values;
    if (!isValid) {
      // §8 'Please enter the username and password'.
      setAlert(username.trim() === '' || password === '' ? t('accounts.login.emptyCredentials') : undefined);
      return;
    }
    setBusy(true);
    setAlert(undefined);
    try {
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
    } catch (error) {
      if (!isApiRequestError(error)) {
        setAlert(errorText('UNKNOWN'));
        return;
      }
      const challenge = challengeOf(error);
      if (challenge) {
        rememberUsername(isRemembered ? username.trim() : null);
        onChallenge(challenge);
        return;
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
      if (error.code !== 'CAPTCHA_INVALID' || !isCaptchaShown) setAlert(errorText(error.code));
      if (error.code === 'LOGIN_FAILED') form.setValue('password', '');
    } finally {
      setBusy(false);
    }
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
      <button type="submit" className="button button--primary account-form__submit" disabled={isBusy}>
        {isBusy && <Spinner />}
        {t('accounts.login.submit')}
      </button>
    </form>
  );
}

type SmsField = 'mobileNum' | 'verificationCode';

function SmsLogin({ onChallenge }: Pick<LoginFormProps, 'onChallenge'>) {
  const { t } = useTranslation();
  const { errorText } = useMessageText();
  const { whitelabel } = useBrand();
  const settings = useRegisterSettings();
  const completeLogin = useCompleteLogin();
  const [dialCode, setDialCode] = useState(() => defaultDialingCode(whitelabel.location.country));
  const [alert, setAlert] = useState<string>();
  const [isBusy, setBusy] = useState(false);
  const mobileRule = ruleOf(settings, 'mobileNum');

  const validate = useCallback(
    (values: Record<SmsField, string>): FieldErrors<SmsField> => ({
      mobileNum: checkValue(values.mobileNum, mobileRule, { isRequired: true }),
      verificationCode: values.verificationCode.trim() === '' ? required : undefined,
    }),
    [mobileRule],
  );
  const form = useForm<SmsField>({ mobileNum: '', verificationCode: '' }, validate);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy || !form.submit()) return;
    setBusy(true);
    setAlert(undefined);
    try {
      const result = await login({
        type: 'sms',
        username: form.values.mobileNum.trim(),
        password: form.values.verificationCode.trim(),
        countryDialingCode: dialCode,
        site: 'MEMBER',
      });
      await completeLogin(result, { modal: 'login' });
    } catch (error) {
      if (!isApiRequestError(error)) {
        setAlert(errorText('UNKNOWN'));
        return;
      }
      const challenge = challengeOf(error);
      if (challenge) {
        onChallenge(challenge);
        return;
      }
      if (error.code === 'CODE_INVALID' || error.code === 'CODE_EXPIRED') {
        form.setServerErrors({ verificationCode: errorMessage(error.code) });
      } else if (error.code === 'PHONE_INVALID') {
        form.setServerErrors({ mobileNum: errorMessage(error.code) });
      } else {
        setAlert(errorText(error.code));
      }
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
      aria-label={t('accounts.login.bySms')}
    >
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
        purpose="login"
        getPhone={getPhone}
        onPhoneError={(message) => form.setServerErrors({ mobileNum: message })}
        {...form.field('verificationCode')}
      />
      <button type="submit" className="button button--primary account-form__submit" disabled={isBusy}>
        {isBusy && <Spinner />}
        {t('accounts.login.submit')}
      </button>
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
