import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { brandToday } from '../../../lib/format';
import { PagedList } from './paged-list';

/** A page of records as the records calls answer it. */
type RecordsPage = { records: readonly unknown[]; totalCount: number; totalPages: number };

type RecordsPanelProps<D extends RecordsPage> = {
  className: string;
  /** Names the filters form. */
  filtersLabel: string;
  /** The panel's filters, in the form. */
  filters: ReactNode;
  /** false: the chosen dates are out of order, said under the filters (usePeriodFilter). */
  isRangeValid?: boolean;
  /** Shown under the filters whatever the page (what the member owes). */
  notice?: ReactNode;
  records: UseQueryResult<D>;
  /** What a page without records says. */
  empty: string;
  pageNo: number;
  setPageNo: (page: number) => void;
  /** Names the pages' navigation (the default name when absent). */
  pagesLabel?: string;
  /** A page with records: `isUpdating` while the next filter's or page's answer is on its way. */
  children: (data: D, isUpdating: boolean) => ReactNode;
};

/**
 * A list of records in the personal or agent centre: its filters, the page of records (or what an
 * empty one says, or its first load, or the failure with a way to try again), and the pages.
 */
export function RecordsPanel<D extends RecordsPage>({
  className,
  filtersLabel,
  filters,
  isRangeValid = true,
  notice,
  records,
  empty,
  pageNo,
  setPageNo,
  pagesLabel,
  children,
}: RecordsPanelProps<D>) {
  const { t } = useTranslation();
  return (
    <div className={className}>
      <form className="wallet-filters" aria-label={filtersLabel} onSubmit={(e) => e.preventDefault()}>
        {filters}
      </form>
      {!isRangeValid && (
        <p role="alert" className="form-error">
          {t('wallet.records.badRange')}
        </p>
      )}
      {notice}
      <PagedList query={records} empty={empty} page={pageNo} onPage={setPageNo} pagesLabel={pagesLabel}>
        {children}
      </PagedList>
    </div>
  );
}

type SelectFilterProps<V extends string> = {
  label: string;
  value: V;
  onChange: (value: V) => void;
  options: readonly { value: V; label: string }[];
};

/** One of a records panel's filters: a labelled choice. */
export function SelectFilter<V extends string>({ label, value, onChange, options }: SelectFilterProps<V>) {
  const id = useId();
  return (
    <div className="wallet-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as V)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** §9 date ranges looking back (a record cannot be in the future), or two dates of the member's choosing. */
const PERIODS = ['TODAY', 'PAST_7', 'PAST_30', 'CUSTOM'] as const;
type Period = (typeof PERIODS)[number];

/**
 * A member's records filter state: the period (the past 7 days at first, or two dates) and the page,
 * which goes back to the first whenever a filter changes (`filter` wraps a panel's own setters so).
 */
export function usePeriodFilter() {
  const [period, setPeriod] = useState<Period>('PAST_7');
  const [from, setFrom] = useState(() => brandToday());
  const [to, setTo] = useState(() => brandToday());
  const [pageNo, setPageNo] = useState(1);
  const isRangeValid = period !== 'CUSTOM' || (from !== '' && to !== '' && from <= to);
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPageNo(1);
    };
  return {
    /** The request's range: a custom one asks for its dates (the past 30 days while they are out of order). */
    range: {
      range: period === 'CUSTOM' ? ('PAST_30' as const) : period,
      ...(period === 'CUSTOM' && isRangeValid && { from, to }),
    },
    /** RecordsPanel's props: the range's validity and the page. */
    panel: { isRangeValid, pageNo, setPageNo },
    filter,
    fields: {
      period,
      from,
      to,
      setPeriod: filter(setPeriod),
      setFrom: filter(setFrom),
      setTo: filter(setTo),
    },
  };
}

type PeriodFieldsProps = ReturnType<typeof usePeriodFilter>['fields'];

/** The period filter's fields: the period, and the two dates when the member chooses them. */
export function PeriodFilter({ period, from, to, setPeriod, setFrom, setTo }: PeriodFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <SelectFilter
        label={t('wallet.records.period')}
        value={period}
        onChange={setPeriod}
        options={PERIODS.map((value) => ({ value, label: t(`wallet.records.periods.${value}`) }))}
      />
      {period === 'CUSTOM' && (
        <>
          <DateFilter label={t('wallet.records.from')} value={from} max={to} onChange={setFrom} />
          <DateFilter label={t('wallet.records.to')} value={to} min={from} onChange={setTo} />
        </>
      )}
    </>
  );
}

/** A date of the custom period; `min` and `max` keep it on its side of the other (none while that is empty). */
function DateFilter({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="wallet-filter">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        value={value}
        min={min || undefined}
        max={max || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
