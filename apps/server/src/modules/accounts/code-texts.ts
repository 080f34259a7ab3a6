/**
 * The one-time code message in the brand's language (issue 20 item 7): the SMS a member reads on
 * the phone and the email, per the language part of the brand's default locale ('vi-VN' → vi).
 * The server knows no member's language before login, so the brand's is the member's here.
 */
type Words = {
  subject: (brand: string) => string;
  body: (brand: string, code: string, minutes: number) => string;
};

const TEXTS: Record<string, Words> = {
  en: {
    subject: (brand) => `${brand} verification code`,
    body: (brand, code, minutes) =>
      `${brand}: your verification code is ${code}. It expires in ${minutes} minutes.`,
  },
  vi: {
    subject: (brand) => `Mã xác minh ${brand}`,
    body: (brand, code, minutes) =>
      `${brand}: mã xác minh của bạn là ${code}. Mã hết hạn sau ${minutes} phút.`,
  },
  zh: {
    subject: (brand) => `${brand} 验证码`,
    body: (brand, code, minutes) => `${brand}：您的验证码是 ${code}，${minutes} 分钟内有效。`,
  },
  es: {
    subject: (brand) => `Código de verificación de ${brand}`,
    body: (brand, code, minutes) =>
      `${brand}: tu código de verificación es ${code}. Caduca en ${minutes} minutos.`,
  },
  hi: {
    subject: (brand) => `${brand} सत्यापन कोड`,
    body: (brand, code, minutes) => `${brand}: आपका सत्यापन कोड ${code} है। यह ${minutes} मिनट में समाप्त होगा।`,
  },
  id: {
    subject: (brand) => `Kode verifikasi ${brand}`,
    body: (brand, code, minutes) =>
      `${brand}: kode verifikasi Anda adalah ${code}. Berlaku selama ${minutes} menit.`,
  },
  ja: {
    subject: (brand) => `${brand} 確認コード`,
    body: (brand, code, minutes) => `${brand}：確認コードは ${code} です。有効期限は ${minutes} 分です。`,
  },
  th: {
    subject: (brand) => `รหัสยืนยัน ${brand}`,
    body: (brand, code, minutes) => `${brand}: รหัสยืนยันของคุณคือ ${code} หมดอายุใน ${minutes} นาที`,
  },
  tl: {
    subject: (brand) => `${brand} verification code`,
    body: (brand, code, minutes) =>
      `${brand}: ang iyong verification code ay ${code}. Mag-e-expire ito sa loob ng ${minutes} minuto.`,
  },
};

export type MessageBrand = {
  name: string;
  defaultLanguage: string;
  languages: readonly { code: string; locale: string }[];
};

const wordsFor = (brand: MessageBrand): Words => {
  const locale = brand.languages.find((l) => l.code === brand.defaultLanguage)?.locale ?? 'en';
  const part = locale.split(/[-_]/)[0]?.toLowerCase() ?? 'en';
  return TEXTS[part === 'fil' ? 'tl' : part] ?? TEXTS.en!;
};

/** The code message's subject (email) and body in the brand's language. */
export const codeMessage = (brand: MessageBrand, code: string, minutes: number) => {
  const words = wordsFor(brand);
  return { subject: words.subject(brand.name), body: words.body(brand.name, code, minutes) };
};
