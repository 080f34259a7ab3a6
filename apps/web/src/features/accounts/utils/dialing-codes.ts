/** Country dialing codes offered beside a mobile number, the brand's markets first. */
export const DIALING_CODES = [
  { code: '+84', country: 'VN' },
  { code: '+66', country: 'TH' },
  { code: '+63', country: 'PH' },
  { code: '+62', country: 'ID' },
  { code: '+60', country: 'MY' },
  { code: '+65', country: 'SG' },
  { code: '+855', country: 'KH' },
  { code: '+95', country: 'MM' },
  { code: '+86', country: 'CN' },
  { code: '+852', country: 'HK' },
  { code: '+886', country: 'TW' },
  { code: '+81', country: 'JP' },
  { code: '+82', country: 'KR' },
  { code: '+91', country: 'IN' },
  { code: '+1', country: 'US' },
  { code: '+44', country: 'GB' },
] as const;

/** §4 start-up requests the country: its dialing code is the default, else the first market's. */
export const defaultDialingCode = (country: string | null | undefined): string =>
  DIALING_CODES.find((entry) => entry.country === country)?.code ?? DIALING_CODES[0].code;
