import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useTeamReportFilters } from './use-team-report-filters';

describe('useTeamReportFilters', () => {
  it('keeps each filter and sends the page back to 1 when one changes', () => {
    const { result } = renderHook(() => useTeamReportFilters({ range: 'PAST_7', account: '' }));
    act(() => result.current.setPageNo(3));
    expect(result.current.pageNo).toBe(3);
    act(() => result.current.setFilter('account')('agent01'));
    expect(result.current.filters).toEqual({ range: 'PAST_7', account: 'agent01' });
    expect(result.current.pageNo).toBe(1);
    act(() => result.current.setPageNo(2));
    act(() => result.current.setFilter('range')('TODAY'));
    expect(result.current.filters).toEqual({ range: 'TODAY', account: 'agent01' });
    expect(result.current.pageNo).toBe(1);
  });
});
