import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A team member's account to narrow a report to, applied on submit. The server answers NOT_FOUND for
 * anyone outside the agent's team, as for an account that does not exist.
 */
export function AccountFilter({ onApply }: { onApply: (account: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  return (
    <div className="wallet-filter agent-search">
      <label htmlFor={`${id}-account`}>{t('agentReports.account')}</label>
      <input
        id={`${id}-account`}
        type="search"
        value={text}
        maxLength={64}
        autoComplete="off"
        placeholder={t('agentReports.accountHint')}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value === '') onApply('');
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onApply(text.trim());
          }
        }}
        onBlur={() => onApply(text.trim())}
      />
    </div>
  );
}
