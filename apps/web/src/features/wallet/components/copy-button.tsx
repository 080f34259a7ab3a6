import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, CopyIcon } from './wallet-icons';

/** Copies without the async clipboard (an http page, an old browser): a selected hidden text area. */
const copyWithSelection = (text: string): boolean => {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } finally {
    area.remove();
  }
};

/** A copy button beside a value the member has to type elsewhere (a bank account number). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const [isCopied, setCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [isCopied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(copyWithSelection(value));
    }
  };
  return (
    <>
      <button type="button" className="wallet-copy" onClick={() => void copy()}>
        {isCopied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
        <span aria-hidden="true">{isCopied ? t('wallet.copied') : t('wallet.copy')}</span>
        <span className="visually-hidden">{t('wallet.copyLabel', { label })}</span>
      </button>
      <span role="status" className="visually-hidden">
        {isCopied ? t('wallet.copiedLabel', { label }) : ''}
      </span>
    </>
  );
}
