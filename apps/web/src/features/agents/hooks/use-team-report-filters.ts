import { useCallback, useState } from 'react';

/**
 * The filter state the agent centre's report panels (team bets, team profit, team transactions) and
 * its payroll panels share: a date range, each panel's own filters, and the page, which goes back to
 * the first whenever a filter changes (a later page of another filter may not exist).
 */
export function useTeamReportFilters<F extends Record<string, unknown>>(initial: F) {
  const [filters, setFilters] = useState<F>(initial);
  const [pageNo, setPageNo] = useState(1);
  const setFilter = useCallback(
    <K extends keyof F>(key: K) =>
      (value: F[K]) => {
        setFilters((current) => ({ ...current, [key]: value }));
        setPageNo(1);
      },
    [],
  );
  return { filters, setFilter, pageNo, setPageNo };
}
