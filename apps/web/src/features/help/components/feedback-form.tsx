import { FEEDBACK_MAX_LENGTH } from '@jade/contracts/constants';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../../api/client';
import { useErrorMessage } from '../../../i18n/error-message';
import { sendFeedback } from '../api/send-feedback';

/** §9 feedback: at most 140 characters, sent to the brand (the server holds the same limit). */
export function FeedbackForm() {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const id = useId();
  const [content, setContent] = useState('');
  const [status, setStatus] = useState<{ kind: 'sent' | 'error'; text: string } | null>(null);
  const [isBusy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy || content.trim() === '') return;
    setBusy(true);
    try {
      await sendFeedback({ content: content.trim() });
      setContent('');
      setStatus({ kind: 'sent', text: t('vipService.feedbackSent') });
    } catch (error) {
      setStatus({ kind: 'error', text: errorText(isApiRequestError(error) ? error.code : 'UNKNOWN') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="panel feedback-form" onSubmit={(event) => void submit(event)}>
      <h2>{t('vipService.feedbackTitle')}</h2>
      <label htmlFor={id}>{t('vipService.feedbackLabel')}</label>
      <textarea
        id={id}
        value={content}
        maxLength={FEEDBACK_MAX_LENGTH}
        rows={3}
        onChange={(event) => setContent(event.target.value)}
      />
      <small>{t('vipService.feedbackCount', { count: content.length, max: FEEDBACK_MAX_LENGTH })}</small>
      <button type="submit" className="button button--primary" disabled={isBusy || content.trim() === ''}>
        {t('vipService.feedbackSend')}
      </button>
      <p role={status?.kind === 'error' ? 'alert' : 'status'}>{status?.text}</p>
    </form>
  );
}
