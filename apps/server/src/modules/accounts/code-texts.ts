/**
 * The messages the server sends a member in the brand's language (issue 20 item 7): the one-time
 * code, the warning that a recovery channel changed and the password-reset link, as SMS or email,
 * per the language part of the brand's default locale ('vi-VN' → vi). The server knows no member's
 * language before login, so the brand's is the member's here.
 */
type Words = {
  subject: (brand: string) => string;
  body: (brand: string, code: string, minutes: number) => string;
  /** What changed, as the sentences below name it. */
  email: string;
  mobile: string;
  changedSubject: (brand: string, what: string) => string;
  changedBody: (brand: string, what: string, username: string) => string;
  resetSubject: (brand: string) => string;
  resetBody: (link: string) => string;
};

const TEXTS: Record<string, Words> = {
  en: {
    subject: (brand) => `${brand} verification code`,
    body: (brand, code, minutes) =>
      `${brand}: your verification code is ${code}. It expires in ${minutes} minutes.`,
    email: 'email address',
    mobile: 'mobile number',
    changedSubject: (brand, what) => `${brand}: your ${what} was changed`,
    changedBody: (brand, what, username) =>
      `${brand}: the ${what} of account ${username} was changed. If this was not you, contact customer service now.`,
    resetSubject: (brand) => `${brand}: reset your password`,
    resetBody: (link) => `Open this link within 30 minutes to choose a new password: ${link}`,
  },
  vi: {
    subject: (brand) => `Mã xác minh ${brand}`,
    body: (brand, code, minutes) =>
      `${brand}: mã xác minh của bạn là ${code}. Mã hết hạn sau ${minutes} phút.`,
    email: 'địa chỉ email',
    mobile: 'số điện thoại',
    changedSubject: (brand, what) => `${brand}: ${what} của bạn đã được thay đổi`,
    changedBody: (brand, what, username) =>
      `${brand}: ${what} của tài khoản ${username} đã được thay đổi. Nếu không phải bạn, hãy liên hệ chăm sóc khách hàng ngay.`,
    resetSubject: (brand) => `${brand}: đặt lại mật khẩu`,
    resetBody: (link) => `Mở liên kết này trong vòng 30 phút để đặt mật khẩu mới: ${link}`,
  },
  zh: {
    subject: (brand) => `${brand} 验证码`,
    body: (brand, code, minutes) => `${brand}：您的验证码是 ${code}，${minutes} 分钟内有效。`,
    email: '邮箱地址',
    mobile: '手机号码',
    changedSubject: (brand, what) => `${brand}：您的${what}已更改`,
    changedBody: (brand, what, username) =>
      `${brand}：账户 ${username} 的${what}已更改。如非本人操作，请立即联系客服。`,
    resetSubject: (brand) => `${brand}：重置密码`,
    resetBody: (link) => `请在 30 分钟内打开此链接设置新密码：${link}`,
  },
  es: {
    subject: (brand) => `Código de verificación de ${brand}`,
    body: (brand, code, minutes) =>
      `${brand}: tu código de verificación es ${code}. Caduca en ${minutes} minutos.`,
    email: 'la dirección de correo',
    mobile: 'el número de móvil',
    changedSubject: (brand, what) => `${brand}: se ha cambiado ${what} de tu cuenta`,
    changedBody: (brand, what, username) =>
      `${brand}: se ha cambiado ${what} de la cuenta ${username}. Si no fuiste tú, contacta ya con atención al cliente.`,
    resetSubject: (brand) => `${brand}: restablece tu contraseña`,
    resetBody: (link) =>
      `Abre este enlace en los próximos 30 minutos para elegir una contraseña nueva: ${link}`,
  },
  hi: {
    subject: (brand) => `${brand} सत्यापन कोड`,
    body: (brand, code, minutes) => `${brand}: आपका सत्यापन कोड ${code} है। यह ${minutes} मिनट में समाप्त होगा।`,
    email: 'ईमेल पता',
    mobile: 'मोबाइल नंबर',
    changedSubject: (brand, what) => `${brand}: आपका ${what} बदल दिया गया`,
    changedBody: (brand, what, username) =>
      `${brand}: खाते ${username} का ${what} बदल दिया गया है। अगर यह आपने नहीं किया, तो तुरंत ग्राहक सेवा से संपर्क करें।`,
    resetSubject: (brand) => `${brand}: अपना पासवर्ड रीसेट करें`,
    resetBody: (link) => `नया पासवर्ड चुनने के लिए 30 मिनट के भीतर यह लिंक खोलें: ${link}`,
  },
  id: {
    subject: (brand) => `Kode verifikasi ${brand}`,
    body: (brand, code, minutes) =>
      `${brand}: kode verifikasi Anda adalah ${code}. Berlaku selama ${minutes} menit.`,
    email: 'alamat email',
    mobile: 'nomor ponsel',
    changedSubject: (brand, what) => `${brand}: ${what} Anda telah diubah`,
    changedBody: (brand, what, username) =>
      `${brand}: ${what} akun ${username} telah diubah. Jika ini bukan Anda, segera hubungi layanan pelanggan.`,
    resetSubject: (brand) => `${brand}: atur ulang kata sandi Anda`,
    resetBody: (link) => `Buka tautan ini dalam 30 menit untuk memilih kata sandi baru: ${link}`,
  },
  ja: {
    subject: (brand) => `${brand} 確認コード`,
    body: (brand, code, minutes) => `${brand}：確認コードは ${code} です。有効期限は ${minutes} 分です。`,
    email: 'メールアドレス',
    mobile: '携帯電話番号',
    changedSubject: (brand, what) => `${brand}：${what}が変更されました`,
    changedBody: (brand, what, username) =>
      `${brand}：アカウント ${username} の${what}が変更されました。お心当たりがない場合は、すぐにカスタマーサービスへご連絡ください。`,
    resetSubject: (brand) => `${brand}：パスワードの再設定`,
    resetBody: (link) => `30 分以内にこのリンクを開いて新しいパスワードを設定してください：${link}`,
  },
  th: {
    subject: (brand) => `รหัสยืนยัน ${brand}`,
    body: (brand, code, minutes) => `${brand}: รหัสยืนยันของคุณคือ ${code} หมดอายุใน ${minutes} นาที`,
    email: 'อีเมล',
    mobile: 'หมายเลขโทรศัพท์มือถือ',
    changedSubject: (brand, what) => `${brand}: ${what}ของคุณถูกเปลี่ยนแล้ว`,
    changedBody: (brand, what, username) =>
      `${brand}: ${what}ของบัญชี ${username} ถูกเปลี่ยนแล้ว หากไม่ใช่คุณ โปรดติดต่อฝ่ายบริการลูกค้าทันที`,
    resetSubject: (brand) => `${brand}: รีเซ็ตรหัสผ่านของคุณ`,
    resetBody: (link) => `เปิดลิงก์นี้ภายใน 30 นาทีเพื่อตั้งรหัสผ่านใหม่: ${link}`,
  },
  tl: {
    subject: (brand) => `${brand} verification code`,
    body: (brand, code, minutes) =>
      `${brand}: ang iyong verification code ay ${code}. Mag-e-expire ito sa loob ng ${minutes} minuto.`,
    email: 'email address',
    mobile: 'numero ng mobile',
    changedSubject: (brand, what) => `${brand}: napalitan ang iyong ${what}`,
    changedBody: (brand, what, username) =>
      `${brand}: napalitan ang ${what} ng account na ${username}. Kung hindi ikaw ito, makipag-ugnayan agad sa customer service.`,
    resetSubject: (brand) => `${brand}: i-reset ang iyong password`,
    resetBody: (link) =>
      `Buksan ang link na ito sa loob ng 30 minuto para pumili ng bagong password: ${link}`,
  },
};

export type MessageBrand = {
  name: string;
  defaultLanguage: string;
  languages: readonly { code: string; locale: string }[];
};

/**
 * The brand as a message to one member sees it: in the language the member's picker last sent
 * (§7 language update), the brand's default when the member never chose one.
 */
export const brandForMember = <B extends MessageBrand>(
  brand: B,
  member: { language?: string | null } | undefined,
): B =>
  member?.language && brand.languages.some((l) => l.code === member.language)
    ? { ...brand, defaultLanguage: member.language }
    : brand;

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

/** The warning to a recovery channel's old address that it was changed, in the brand's language. */
export const channelChangedMessage = (brand: MessageBrand, channel: 'EMAIL' | 'SMS', username: string) => {
  const words = wordsFor(brand);
  const what = channel === 'EMAIL' ? words.email : words.mobile;
  return {
    subject: words.changedSubject(brand.name, what),
    body: words.changedBody(brand.name, what, username),
  };
};

/** The password-reset email, its link built from the brand's configured domain, in its language. */
export const resetMessage = (brand: MessageBrand, link: string) => {
  const words = wordsFor(brand);
  return { subject: words.resetSubject(brand.name), body: words.resetBody(link) };
};
