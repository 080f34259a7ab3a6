import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../accounts/components/account-icons';
import { useMessageText } from '../../accounts/hooks/use-message-text';
import type { FieldMessage } from '../../accounts/utils/field-rules';

type CommentFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  error?: FieldMessage | undefined;
};

/** A short text (§5: 140 characters) with a live count of what is left. */
export function CommentField({ label, value, onChange, maxLength, error }: CommentFieldProps) {
  const { t } = useTranslation();
  const { text } = useMessageText();
  const id = useId();
  return (
    <div className={`account-field${error ? ' account-field--invalid' : ''}`} data-field="comment">
      <label className="account-field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="wallet-textarea"
        value={value}
        maxLength={maxLength}
        rows={3}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-count`} className="account-field__hint wallet-textarea__count">
        {t('wallet.charactersLeft', { count: maxLength - value.length })}
      </p>
      {error && (
        <p id={`${id}-error`} className="account-field__error">
          <AlertIcon size={14} />
          {text(error)}
        </p>
      )}
    </div>
  );
}
