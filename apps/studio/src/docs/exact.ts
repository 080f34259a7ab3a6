/**
 * Exact fractions (BigInt numerator and denominator, always in lowest terms, denominator positive),
 * so that a published return is a fraction a reader can check, not a rounded float.
 */
export type Fraction = { n: bigint; d: bigint };

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};

export const fraction = (n: bigint | number, d: bigint | number = 1n): Fraction => {
  let num = BigInt(n);
  let den = BigInt(d);
  if (den === 0n) throw new RangeError('division by zero');
  if (den < 0n) [num, den] = [-num, -den];
  const g = gcd(num, den) || 1n;
  return { n: num / g, d: den / g };
};

export const add = (a: Fraction, b: Fraction) => fraction(a.n * b.d + b.n * a.d, a.d * b.d);
export const sub = (a: Fraction, b: Fraction) => fraction(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a: Fraction, b: Fraction) => fraction(a.n * b.n, a.d * b.d);
export const div = (a: Fraction, b: Fraction) => fraction(a.n * b.d, a.d * b.n);

/** `n/d` in lowest terms. */
export const show = (q: Fraction) => `${q.n}/${q.d}`;

/** The fraction as a percentage with `digits` decimals, rounded half up (non-negative fractions). */
export const percent = (q: Fraction, digits = 4) => {
  const scale = 10n ** BigInt(digits);
  const scaled = (q.n * 100n * scale * 2n + q.d) / (q.d * 2n);
  const whole = scaled / scale;
  const decimals = (scaled % scale).toString().padStart(digits, '0');
  return `${whole}.${decimals} %`;
};
