import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AGENT_DATE_RANGES, type AgentDateRange } from '@jade/contracts/agents';

type RangePickerProps = {
  value: AgentDateRange;
  onChange: (range: AgentDateRange) => void;
  /** The ranges offered (default: all of §9's: today, past and next 7 and 30 days). */
  ranges?: readonly AgentDateRange[];
};

/**
 * §9's date ranges for the agent centre's reports and salary panels, in the brand's days: the server
 * turns a range into days (agents/guard.ts reportDays), so every panel agrees on what "today" is.
 */
export function RangePicker({ value, onChange, ranges = AGENT_DATE_RANGES }: RangePickerProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="wallet-filter">
      <label htmlFor={`${id}-range`}>{t('agentReports.range')}</label>
      <select id={`${id}-range`} value={value} onChange={(e) => onChange(e.target.value as AgentDateRange)}>
        {ranges.map((range) => (
          <option key={range} value={range}>
            {t(`agentReports.ranges.${range}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
