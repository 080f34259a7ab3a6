import { businessDay } from '@jade/contracts/agents';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import { addDays, dayOf, dayWindow } from '../../platform/time-zone.js';
import type { Merchant } from '../merchants/repo.js';
import {
  approveDividend,
  pendingDividends,
  runDailySalaries,
  runDividends,
  runHourlySalaries,
  runRealtimeSalaries,
  settleAllDebts,
  type RunResult,
} from './payroll.js';

export const PAYROLL_USAGE = `Agent payroll (decision 0041; the jobs run these on their own)
  agents pay daily [--day D]             daily salaries of the brand's day D (default yesterday)
  agents pay hourly [--day D]            hourly salaries of every ended hour of D (default: the last hour)
  agents pay realtime                    real-time salaries up to now (day-to-date minus what was paid)
  agents pay dividend [--day D]          dividends of the periods ended on or containing D (default
                                         yesterday); they wait for approval
  agents dividends                       dividends waiting for approval, uplines first
  agents dividend approve <ID>           approve and pay one (its upline's must be approved first)
  agents debts settle                    uplines pay what they owe their children as far as they can`;

const summary = (r: RunResult) =>
  `${r.paid} paid, ${r.nothing} nothing due, ${r.awaiting} awaiting approval, ${r.skipped} already done`;

export const runPayrollCommand = async (
  db: Db,
  merchant: Merchant,
  group: string | undefined,
  action: string | undefined,
  rest: string[],
  options: { day?: string | undefined },
  out: (line: string) => void,
  now = new Date(),
): Promise<boolean> => {
  if (group !== 'agents') return false;
  const day = options.day ?? addDays(dayOf(merchant.timeZone, now), -1);
  if (!businessDay.safeParse(day).success) throw new AppError('VALIDATION_FAILED', '--day is yyyy-MM-dd');
  if (action === 'pay') {
    const kind = rest[0];
    if (kind === 'daily') {
      out(
        `${merchant.code}: daily salaries of ${day}: ${summary(await runDailySalaries(db, merchant, day, { now }))}`,
      );
      await settleAllDebts(db, merchant.id, now);
      return true;
    }
    if (kind === 'hourly') {
      const hours = options.day
        ? Array.from({ length: 24 }, (_, h) => ({ day: options.day!, hour: h }))
        : [{ day: dayOf(merchant.timeZone, new Date(now.getTime() - 3_600_000)), hour: -1 }];
      for (const slot of hours) {
        const hour =
          slot.hour >= 0
            ? slot.hour
            : Math.floor(
                (now.getTime() - 3_600_000 - dayWindow(merchant.timeZone, slot.day).start.getTime()) /
                  3_600_000,
              );
        const end = dayWindow(merchant.timeZone, slot.day).start.getTime() + (hour + 1) * 3_600_000;
        if (end > now.getTime()) break;
        out(
          `${merchant.code}: hour ${slot.day} ${hour}: ${summary(await runHourlySalaries(db, merchant, slot.day, hour, { now }))}`,
        );
      }
      return true;
    }
    if (kind === 'realtime') {
      out(
        `${merchant.code}: real-time salaries: ${summary(await runRealtimeSalaries(db, merchant, now, { now, exact: true }))}`,
      );
      return true;
    }
    if (kind === 'dividend') {
      out(
        `${merchant.code}: dividends of ${day}: ${summary(await runDividends(db, merchant, day, { now }))}`,
      );
      return true;
    }
    throw new AppError('VALIDATION_FAILED', 'agents pay daily|hourly|realtime|dividend');
  }
  if (action === 'dividends') {
    const rows = await pendingDividends(db, merchant.id);
    if (rows.length === 0) out(`${merchant.code}: no dividend waits for approval`);
    for (const r of rows)
      out(
        `${r.id}\t${r.username}\t${r.category}\t${r.period_key}\tnet loss ${r.net_loss}\tdividend ${r.gross}`,
      );
    return true;
  }
  if (action === 'dividend' && rest[0] === 'approve') {
    const id = Number(rest[1]);
    if (!Number.isInteger(id) || id <= 0)
      throw new AppError('VALIDATION_FAILED', 'agents dividend approve <ID>');
    const paid = await approveDividend(db, merchant.id, id, 'cli', now);
    out(`${merchant.code}: dividend ${id} approved: ${paid.paid} paid, ${paid.owed} owed`);
    return true;
  }
  if (action === 'debts' && rest[0] === 'settle') {
    out(`${merchant.code}: ${await settleAllDebts(db, merchant.id, now)} settled`);
    return true;
  }
  return false;
};
