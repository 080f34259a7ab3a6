// No zod here: the lottery lobby's bet slip reads this in its first load (decision 0092).

/** Distinct orderings of a number's digits (24, 12, 6, 4 or 1 for 4D): what a box bet stakes. */
export const permutationCount = (number: string): number => {
  const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));
  const counts = new Map<string, number>();
  for (const digit of number) counts.set(digit, (counts.get(digit) ?? 0) + 1);
  let result = factorial(number.length);
  for (const count of counts.values()) result /= factorial(count);
  return result;
};

/**
 * What a slip costs, in minor units: a group bet (xiên, trượt) its stake once, a box bet the stake
 * for each ordering of each number, any other stake × cost multiplier for each number. One rule for
 * the server, which charges it, and the bet slip, which shows it.
 */
export const slipCostOf = (
  rule: { code: string; groupSize: number | null; costMultiplier: number },
  numbers: readonly string[],
  stake: number,
): number => {
  if (rule.groupSize !== null) return stake;
  if (rule.code === 'BIG_BOX' || rule.code === 'SMALL_BOX')
    return numbers.reduce((sum, n) => sum + stake * permutationCount(n), 0);
  return stake * rule.costMultiplier * numbers.length;
};
