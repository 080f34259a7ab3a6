import { DEFAULT_LIMITS, type BetLimits, type StudioGame } from '../games/play.js';
import { LINES } from '../games/slot.js';
import { money, type SessionView } from './common.js';
import { currencyDigits, language } from './i18n.js';

/** The game's limits as the session gives them (the platform's catalogue), else the studio's defaults. */
export const limitsOf = (session: SessionView, game: StudioGame): BetLimits =>
  (session as SessionView & { limits?: BetLimits }).limits ?? DEFAULT_LIMITS[game];

/** The brand's minor-unit exponent: the session's, else the currency's own digits. */
export const exponentOf = (session: SessionView) =>
  session.currencyExponent ?? currencyDigits(session.currency) ?? 2;

/**
 * Chip values from the limits: the table's minimum (at least one whole unit of the currency, as the
 * member counts money) and 5, 10, 50 and 100 times it, none above the round's maximum, so every chip
 * is a bet the table takes whatever the currency's size.
 */
export const chipValues = (limits: BetLimits, session: SessionView): number[] => {
  const unit = 10 ** Math.max(0, exponentOf(session) - (currencyDigits(session.currency) ?? 2));
  const base = Math.ceil(limits.minBet / unit) * unit;
  const values = [1, 5, 10, 50, 100].map((k) => k * base);
  const allowed = values.filter((v) => limits.maxBet === undefined || v <= limits.maxBet);
  return allowed.length ? allowed : [limits.minBet];
};

/**
 * The slot's line bets: a spin stakes LINES of them, so the least is the spin's minimum over LINES
 * (rounded up to a whole unit of the currency), then 5, 10, 50 and 100 times it, none past the maximum.
 */
export const slotLineBets = (limits: BetLimits, session: SessionView): number[] => {
  const unit = 10 ** Math.max(0, exponentOf(session) - (currencyDigits(session.currency) ?? 2));
  const base = Math.max(unit, Math.ceil(limits.minBet / LINES / unit) * unit);
  const values = [1, 5, 10, 50, 100].map((k) => k * base);
  const allowed = values.filter((v) => limits.maxBet === undefined || v * LINES <= limits.maxBet);
  return allowed.length ? allowed : [base];
};

/** A chip's face: the amount short (1K, 10K), in the member's language. */
export const chipFace = (minor: number, exponent: number) =>
  new Intl.NumberFormat(language(), { notation: 'compact', maximumFractionDigits: 1 }).format(
    minor / 10 ** exponent,
  );

/** The chip rack: one drawn chip per value, the chosen one raised; its name is the full amount. */
export const chipRack = (values: number[], exponent: number, label: string) => {
  const group = document.createElement('div');
  group.className = 'chip-rack';
  group.setAttribute('role', 'group');
  group.setAttribute('aria-label', label);
  let current = values[Math.min(1, values.length - 1)]!;
  const buttons = values.map((value, i) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = `table-chip table-chip--${i % 5}`;
    b.textContent = chipFace(value, exponent);
    b.setAttribute('aria-label', money(value));
    b.setAttribute('aria-pressed', String(value === current));
    b.addEventListener('click', () => {
      current = value;
      buttons.forEach((other, j) => other.setAttribute('aria-pressed', String(values[j] === current)));
    });
    return b;
  });
  group.append(...buttons);
  return { node: group, values, value: () => current };
};
