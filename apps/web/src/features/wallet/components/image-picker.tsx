import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_IMAGE_TYPES } from '@jade/contracts/constants';
import { AlertIcon } from '../../accounts/components/account-icons';
import { useMessageText } from '../../accounts/hooks/use-message-text';
import type { FieldMessage } from '../../accounts/utils/field-rules';
import { checkImageFile } from '../utils/image-upload';
import { CloseIcon } from '../../../components/icons';
import { ImageIcon } from './wallet-icons';

type ImagePickerProps = {
  label: string;
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** §5: at most 3 images where several are allowed. */
  max: number;
  isRequired?: boolean;
  error?: FieldMessage | undefined;
};

/** Proof images (§5: png or jpg, 5 MB each), checked as they are picked and shown as thumbnails. */
export function ImagePicker({ label, files, onChange, max, isRequired = false, error }: ImagePickerProps) {
  const { t } = useTranslation();
  const { text } = useMessageText();
  const id = useId();
  const [refusal, setRefusal] = useState<FieldMessage>();
  const message = refusal ?? error;
  const isFull = files.length >= max;

  const pick = (picked: File[]) => {
    const refused = picked.map(checkImageFile).find(Boolean);
    const accepted = picked.filter((file) => !checkImageFile(file));
    const room = max - files.length;
    setRefusal(
      refused ??
        (accepted.length > room ? { key: 'wallet.upload.tooMany', params: { max: String(max) } } : undefined),
    );
    if (accepted.length > 0 && room > 0) onChange([...files, ...accepted.slice(0, room)]);
  };

  return (
    <div className={`account-field${message ? ' account-field--invalid' : ''}`} data-field="images">
      <span className="account-field__label" id={`${id}-label`}>
        {label}
        {!isRequired && <span className="account-field__optional"> {t('accounts.optional')}</span>}
      </span>
      <div className="wallet-upload">
        {files.map((file, index) => (
          <Thumbnail
            key={`${index}:${file.name}:${file.size}`}
            file={file}
            onRemove={() => {
              setRefusal(undefined);
              onChange(files.filter((_, i) => i !== index));
            }}
          />
        ))}
        <input
          id={id}
          className="visually-hidden"
          type="file"
          accept={UPLOAD_IMAGE_TYPES.join(',')}
          multiple={max > 1}
          disabled={isFull}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-note`}
          aria-invalid={message ? true : undefined}
          onChange={(event) => {
            pick([...(event.target.files ?? [])]);
            // The same file may be picked again after it was removed.
            event.target.value = '';
          }}
        />
        {/* After the input, so the input's keyboard focus can show on it (wallet.css). */}
        {!isFull && (
          <label className="wallet-upload__add" htmlFor={id}>
            <ImageIcon size={22} />
            <span>{t('wallet.upload.choose')}</span>
          </label>
        )}
      </div>
      <p id={`${id}-note`} className={message ? 'account-field__error' : 'account-field__hint'}>
        {message && <AlertIcon size={14} />}
        {message ? text(message) : t('wallet.upload.rules', { count: max })}
      </p>
    </div>
  );
}

function Thumbnail({ file, onRemove }: { file: File; onRemove: () => void }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return (
    <figure className="wallet-upload__item">
      {url && <img src={url} alt="" />}
      <figcaption>{file.name}</figcaption>
      <button
        type="button"
        className="wallet-upload__remove"
        aria-label={t('wallet.upload.remove', { name: file.name })}
        onClick={onRemove}
      >
        <CloseIcon size={14} />
      </button>
    </figure>
  );
}
