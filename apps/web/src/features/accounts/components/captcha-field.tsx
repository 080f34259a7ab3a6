import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner';
import type { Captcha } from '../hooks/use-captcha';
import type { FieldMessage } from '../utils/field-rules';
import { RefreshIcon } from './account-icons';
import { TextField } from './form-controls';

type CaptchaFieldProps = {
  captcha: Captcha;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: FieldMessage | undefined;
  /** Focus the answer as soon as the field appears (it appears because something asked for it). */
  autoFocus?: boolean;
};

/** The image captcha of the human check; a click on the image draws a new one (at most once a second). */
export function CaptchaField({ captcha, value, onChange, onBlur, error, autoFocus }: CaptchaFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      name="captcha"
      label={t('accounts.fields.captcha')}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={error ?? (captcha.hasFailed ? { key: 'errors.NETWORK_ERROR' } : undefined)}
      isRequired
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      maxLength={16}
      autoFocus={autoFocus}
      after={
        <button
          type="button"
          className="account-captcha"
          onClick={captcha.refresh}
          aria-label={t('accounts.captcha.refresh')}
          title={t('accounts.captcha.refresh')}
          data-testid="captcha-image"
        >
          {captcha.image && !captcha.isLoading ? (
            <img src={captcha.image.image} alt={t('accounts.captcha.alt')} width={120} height={44} />
          ) : (
            <span className="account-captcha__loading">
              <Spinner />
            </span>
          )}
          <span className="account-captcha__refresh">
            <RefreshIcon size={14} />
          </span>
        </button>
      }
    />
  );
}
