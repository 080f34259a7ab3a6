import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner';
import type { FieldMessage } from '../utils/field-rules';
import { DIALING_CODES } from '../utils/dialing-codes';
import { useMessageText } from '../hooks/use-message-text';
import { AlertIcon, EyeIcon, EyeOffIcon } from './account-icons';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onBlur' | 'name'>;

export type TextFieldProps = InputProps & {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: FieldMessage | undefined;
  /** The rule the value must follow, shown under the field until it is broken. */
  hint?: FieldMessage | undefined;
  isRequired?: boolean;
  /** Controls inside the field's row: a dialing code before, a button after. */
  before?: ReactNode;
  after?: ReactNode;
  /** Replaces the input (a password field adds its own toggle). */
  renderInput?: (props: InputHTMLAttributes<HTMLInputElement>) => ReactNode;
};

/** A labelled input with its rule as a hint and its problem, once there is one, in the visitor's language. */
export function TextField({
  name,
  label,
  value,
  onChange,
  onBlur,
  error,
  hint,
  isRequired = false,
  before,
  after,
  renderInput,
  ...inputProps
}: TextFieldProps) {
  const { t } = useTranslation();
  const { text } = useMessageText();
  const id = useId();
  const noteId = `${id}-note`;
  const note = text(error) ?? text(hint);
  const props: InputHTMLAttributes<HTMLInputElement> = {
    id,
    name,
    value,
    onChange: (event) => onChange(event.target.value),
    onBlur,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': note ? noteId : undefined,
    'aria-required': isRequired || undefined,
    ...inputProps,
  };
  return (
    <div className={`account-field${error ? ' account-field--invalid' : ''}`} data-field={name}>
      <label className="account-field__label" htmlFor={id}>
        {label}
        {!isRequired && <span className="account-field__optional"> {t('accounts.optional')}</span>}
      </label>
      <div className="account-field__row">
        {before}
        <div className="account-field__control">
          {renderInput ? renderInput(props) : <input {...props} />}
        </div>
        {after}
      </div>
      {note && (
        <p id={noteId} className={error ? 'account-field__error' : 'account-field__hint'}>
          {error && <AlertIcon size={14} />}
          {note}
        </p>
      )}
    </div>
  );
}

/** A password input with a show/hide toggle; the value never leaves the form but through a sealed call. */
export function PasswordField(props: Omit<TextFieldProps, 'renderInput' | 'type'>) {
  const { t } = useTranslation();
  const [isShown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      renderInput={(inputProps) => (
        <>
          <input {...inputProps} type={isShown ? 'text' : 'password'} />
          <button
            type="button"
            className="account-field__toggle"
            aria-label={isShown ? t('accounts.hidePassword') : t('accounts.showPassword')}
            aria-pressed={isShown}
            onClick={() => setShown((current) => !current)}
          >
            {isShown ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
          </button>
        </>
      )}
    />
  );
}

/** A username, required: the login form and the forgot-password form. */
export function UsernameField(props: Omit<TextFieldProps, 'label' | 'isRequired'>) {
  const { t } = useTranslation();
  return (
    <TextField
      {...props}
      label={t('accounts.fields.username')}
      isRequired
      autoComplete="username"
      autoCapitalize="off"
      spellCheck={false}
      maxLength={64}
    />
  );
}

/** An email address, required: the forgot-password form and the security centre's email binding. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type' | 'isRequired'>) {
  const { t } = useTranslation();
  return (
    <TextField
      {...props}
      label={t('accounts.fields.email')}
      isRequired
      type="email"
      autoComplete="email"
      autoCapitalize="off"
      spellCheck={false}
    />
  );
}

/** The country dialing code in front of a mobile number. */
export function DialingCodeSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <select
      className="account-field__dial"
      aria-label={t('accounts.fields.countryDialingCode')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      {DIALING_CODES.map((entry) => (
        <option key={entry.code} value={entry.code}>
          {entry.country} {entry.code}
        </option>
      ))}
    </select>
  );
}

type CheckboxProps = {
  name: string;
  isChecked: boolean;
  onChange: (isChecked: boolean) => void;
  children: ReactNode;
  error?: FieldMessage | undefined;
};

export function CheckboxField({ name, isChecked, onChange, children, error }: CheckboxProps) {
  const { text } = useMessageText();
  const id = useId();
  return (
    <div className={`account-check${error ? ' account-check--invalid' : ''}`} data-field={name}>
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={isChecked}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{children}</label>
      {error && (
        <p id={`${id}-error`} className="account-field__error">
          <AlertIcon size={14} />
          {text(error)}
        </p>
      )}
    </div>
  );
}

/** A problem with the whole form (a refused login, a network failure), announced when it appears. */
export function FormAlert({ message }: { message: string | undefined }) {
  return (
    <div role="alert" className={message ? 'account-alert' : 'account-alert account-alert--empty'}>
      {message && (
        <>
          <AlertIcon size={18} />
          <span>{message}</span>
        </>
      )}
    </div>
  );
}

type SubmitButtonProps = {
  /** The form's call is on its way: the button waits, with a spinner. */
  isBusy: boolean;
  /** Held back for another reason (no payment password yet). */
  isDisabled?: boolean;
  className?: string;
  children: ReactNode;
};

/** A form's submit button. */
export function SubmitButton({
  isBusy,
  isDisabled = false,
  className = 'button button--primary account-form__submit',
  children,
}: SubmitButtonProps) {
  return (
    <button type="submit" className={className} disabled={isBusy || isDisabled}>
      {isBusy && <Spinner />}
      {children}
    </button>
  );
}

type SecurityFormActionsProps = {
  isBusy: boolean;
  onCancel: () => void;
  /** The submit button's text; Save unless told. */
  children?: ReactNode;
};

/** Cancel and submit under a security-centre form. */
export function SecurityFormActions({ isBusy, onCancel, children }: SecurityFormActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="security-form__actions">
      <button type="button" className="button button--secondary" onClick={onCancel}>
        {t('modal.cancel')}
      </button>
      <SubmitButton isBusy={isBusy} className="button button--primary">
        {children ?? t('accounts.security.save')}
      </SubmitButton>
    </div>
  );
}

type TabsProps<T extends string> = {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
};

/** Two ways to do one thing (username or mobile, email or phone): a segmented switch. */
export function ModeSwitch<T extends string>({ label, value, options, onChange }: TabsProps<T>) {
  if (options.length < 2) return null;
  return (
    <div className="account-switch" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className="account-switch__option"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
