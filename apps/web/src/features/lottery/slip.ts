import type { LotteryRules } from '@jade/contracts/lottery';
// Zod-free: the bet slip is on the lobby's first load (decision 0092).
import { slipCostOf } from '@jade/contracts/lottery-slip';

/** The client's reading of a slip (the server computes the same and is the one that counts). */
export type BetRule = LotteryRules['betTypes'][number];

/** Quick picks for two-digit numbers (LOTTERY.md): even, odd, big 50–99, small 00–49, pairs, a tens row. */
export const QUICK_PICKS = ['even', 'odd', 'big', 'small', 'pairs'] as const;
export type QuickPick = (typeof QUICK_PICKS)[number] | `row${number}`;

const two = (n: number) => String(n).padStart(2, '0');
const ALL_TWO_DIGIT = Array.from({ length: 100 }, (_, n) => n);

export const quickPick = (pick: QuickPick): string[] => {
  const keep = (test: (n: number) => boolean) => ALL_TWO_DIGIT.filter(test).map(two);
  switch (pick) {
    case 'even':
      return keep((n) => n % 2 === 0);
    case 'odd':
      return keep((n) => n % 2 === 1);
    case 'big':
      return keep((n) => n >= 50);
    case 'small':
      return keep((n) => n < 50);
    case 'pairs':
      return keep((n) => Math.floor(n / 10) === n % 10);
    default: {
      const row = Number(pick.slice(3));
      return keep((n) => Math.floor(n / 10) === row);
    }
  }
};

/** What a slip costs (minor units); nothing until a group bet has its whole group. */
export const slipCost = (rule: BetRule, numbers: readonly string[], stake: number): number =>
  rule.groupSize !== null && numbers.length !== rule.groupSize ? 0 : slipCostOf(rule, numbers, stake);

/** A number the member types, checked against the bet type's digits. */
export const isNumberOf = (rule: BetRule, text: string) => new RegExp(`^\\d{${rule.digits}}$`).test(text);

/** The catalogue's play types (§3 defaultPlayType) as the engine's bet types. */
const PLAY_TYPE_ALIASES: Record<string, string> = {
  LO_2D: 'LO2',
  LO_3D: 'LO3',
  LO_4D: 'LO4',
  DE_2D: 'DE',
  '4D_BIG': 'BIG',
  '4D_SMALL': 'SMALL',
};

/** The bet type a lobby opens on: the play type asked for, when the game takes it, or its first. */
export const initialBetType = (rules: LotteryRules, playType: string | null): BetRule | undefined => {
  const wanted = playType ? (PLAY_TYPE_ALIASES[playType] ?? playType) : undefined;
  return rules.betTypes.find((rule) => rule.code === wanted) ?? rules.betTypes[0];
};
