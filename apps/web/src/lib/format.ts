const pad = (value: number) => String(value).padStart(2, '0');

/**
 * §2 notice date format yyyy-MM-dd hh:mm:ss, in the visitor's local time. The hours are 24-hour:
 * without an AM/PM marker a 12-hour clock would make 09:00 and 21:00 look the same.
 */
export const formatDateTime = (iso: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
};

/** Up to two letters for a placeholder tile: the initials of the first two words ('Golden Reels' → 'GR'). */
export const initialsOf = (name: string): string => {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    words.length > 1 ? words.slice(0, 2).map((word) => [...word][0]) : [...(words[0] ?? '?')].slice(0, 2);
  return letters.join('').toUpperCase();
};

/** A stable hue (0–359) for a text, so a placeholder keeps its colour between visits. */
export const hueOf = (text: string): number => {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash % 360;
};

/** §9: money with two decimals and thousand separators; amounts travel as integer minor units. */
export const formatMoney = (minor: number, exponent: number, symbol: string): string => {
  const value = minor / 10 ** exponent;
  const text = value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${symbol} ${text}`;
};

/** The date part of the §2 format (yyyy-MM-dd), in the visitor's local time. */
export const formatDate = (iso: string): string => formatDateTime(iso).slice(0, 10);

/** A rate in basis points as a percentage: 10000 → '100%', 120 → '1.2%'. */
export const formatRate = (basisPoints: number): string =>
  `${(basisPoints / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
