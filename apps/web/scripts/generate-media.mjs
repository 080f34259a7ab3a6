// Writes the demo brand's media into public/media (Vite copies public/ into dist; the server serves it):
// the app QR codes, the logo, the home banners, one logo per demo vendor and the avatar set.
//
// Choice (see the web report): the QR codes are real, scannable codes of each resource URL, generated
// here with the `qrcode` package (a dev dependency) and committed as SVG, so the browser downloads a
// small static file and no QR library ships in the app. Every demo game gets art of its own
// (media/games/<VENDOR>/<GAME>.svg): a motif of its category on its own colour, with its name; the demo
// seed advertises exactly these files, and a game with no art advertises none (the tile then draws
// the game's initials without a failed request, components/game-tile.tsx).
//
// Run after changing the demo brand's resources or catalogue: node apps/web/scripts/generate-media.mjs
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import QRCode from 'qrcode';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const media = path.join(webRoot, 'public', 'media');
const catalogueFile = path.join(webRoot, '../server/src/modules/games/demo-catalogue.json');

/** The demo brand's app downloads (apps/server/src/modules/merchants/demo-seed.ts). */
const APP_DOWNLOADS = [
  { file: 'ios.svg', url: 'https://download.jade.example/demo/jade.ipa' },
  { file: 'mobileconfig.svg', url: 'https://download.jade.example/demo/jade.mobileconfig' },
  { file: 'android.svg', url: 'https://download.jade.example/demo/jade.apk' },
];

const FONT = "font-family=\"'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif\"";

const write = async (relative, content) => {
  const file = path.join(media, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${content.trim()}\n`);
};

const escapeXml = (text) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c],
  );

const gem = (x, y, s) => `
  <g transform="translate(${x} ${y}) scale(${s})">
    <path d="M20 0h24l20 20-32 40L0 20z" fill="url(#gem)" stroke="#f0c75e" stroke-width="2.5" stroke-linejoin="round"/>
    <path d="M0 20h64M20 0l-6 20 18 40 18-40-6-20M14 20 32 0l18 20" fill="none" stroke="#d9f3e7" stroke-opacity=".45" stroke-width="1.5"/>
  </g>`;

const gemGradient = `
  <linearGradient id="gem" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#7ad9b1"/><stop offset=".55" stop-color="#1f8a65"/><stop offset="1" stop-color="#0b3d2e"/>
  </linearGradient>
  <linearGradient id="gold" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#ffe39a"/><stop offset=".5" stop-color="#f0c75e"/><stop offset="1" stop-color="#c8922c"/>
  </linearGradient>`;

const logo = `
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 264 80" width="264" height="80" role="img" aria-label="Jade">
  <defs>${gemGradient}</defs>
  ${gem(6, 10, 1)}
  <text x="84" y="55" ${FONT} font-size="44" font-weight="800" letter-spacing="6" fill="url(#gold)">JADE</text>
</svg>`;

const coin = (cx, cy, r, opacity = 1) => `
  <g opacity="${opacity}">
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#gold)" stroke="#8a5d12" stroke-width="${r / 10}"/>
    <circle cx="${cx}" cy="${cy}" r="${r * 0.72}" fill="none" stroke="#fff3c4" stroke-opacity=".7" stroke-width="${r / 14}"/>
    <text x="${cx}" y="${cy + r * 0.32}" text-anchor="middle" ${FONT} font-size="${r * 0.9}" font-weight="800" fill="#8a5d12">$</text>
  </g>`;

const bannerFrame = (id, title, body) => `
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 400" width="1200" height="400" role="img" aria-label="${title}">
  <defs>
    ${gemGradient}
    <radialGradient id="${id}-glow" cx=".78" cy=".45" r=".6">
      <stop offset="0" stop-color="#2fb585" stop-opacity=".75"/><stop offset="1" stop-color="#03140e" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="${id}-bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#03140e"/><stop offset=".6" stop-color="#0b3a2a"/><stop offset="1" stop-color="#06261b"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="400" fill="url(#${id}-bg)"/>
  <rect width="1200" height="400" fill="url(#${id}-glow)"/>
  <g stroke="#7ad9b1" stroke-opacity=".08">${Array.from({ length: 24 }, (_, i) => `<path d="M${i * 60 - 200} 400 L${i * 60 + 200} 0"/>`).join('')}</g>
  ${body}
</svg>`;

/** The banners' words in each language the web app ships (issue 20 item 7): a banner per language. */
const BANNER_TEXTS = {
  en: {
    welcome: ['NEW MEMBERS', 'WELCOME BONUS', 'On your first deposit · Lottery · Live · Slots · Sports'],
    lottery: ['DAILY DRAWS', 'VIETNAM', 'LOTTERY', 'North · Central · South · daily draws'],
  },
  es: {
    welcome: [
      'NUEVOS MIEMBROS',
      'BONO DE BIENVENIDA',
      'En tu primer depósito · Lotería · En vivo · Slots · Deportes',
    ],
    lottery: ['SORTEOS DIARIOS', 'VIETNAM', 'LOTERÍA', 'Norte · Centro · Sur · sorteos diarios'],
  },
  hi: {
    welcome: ['नए सदस्य', 'स्वागत बोनस', 'आपकी पहली जमा पर · लॉटरी · लाइव · स्लॉट · खेल'],
    lottery: ['रोज़ाना ड्रॉ', 'वियतनाम', 'लॉटरी', 'उत्तर · मध्य · दक्षिण · रोज़ाना ड्रॉ'],
  },
  id: {
    welcome: ['MEMBER BARU', 'BONUS SAMBUTAN', 'Untuk deposit pertama · Lotre · Live · Slot · Olahraga'],
    lottery: ['UNDIAN HARIAN', 'VIETNAM', 'LOTRE', 'Utara · Tengah · Selatan · undian harian'],
  },
  ja: {
    welcome: ['新規会員', 'ウェルカムボーナス', '初回入金で · 宝くじ · ライブ · スロット · スポーツ'],
    lottery: ['毎日抽選', 'ベトナム', '宝くじ', '北部 · 中部 · 南部 · 毎日抽選'],
  },
  th: {
    welcome: ['สมาชิกใหม่', 'โบนัสต้อนรับ', 'สำหรับการฝากครั้งแรก · หวย · คาสิโนสด · สล็อต · กีฬา'],
    lottery: ['ออกรางวัลทุกวัน', 'เวียดนาม', 'หวย', 'ภาคเหนือ · ภาคกลาง · ภาคใต้ · ออกทุกวัน'],
  },
  tl: {
    welcome: ['BAGONG MIYEMBRO', 'WELCOME BONUS', 'Sa unang deposito · Lotto · Live · Slots · Sports'],
    lottery: ['ARAW-ARAW NA BOLA', 'VIETNAM', 'LOTTO', 'Hilaga · Gitna · Timog · araw-araw na bola'],
  },
  vi: {
    welcome: [
      'THÀNH VIÊN MỚI',
      'THƯỞNG CHÀO MỪNG',
      'Cho lần nạp đầu tiên · Xổ số · Casino · Slot · Thể thao',
    ],
    lottery: ['XỔ SỐ MỖI NGÀY', 'VIỆT NAM', 'XỔ SỐ', 'Miền Bắc · Miền Trung · Miền Nam · quay mỗi ngày'],
  },
  zh: {
    welcome: ['新会员', '首存欢迎奖金', '首次存款即享 · 彩票 · 真人 · 老虎机 · 体育'],
    lottery: ['每日开奖', '越南', '彩票', '北部 · 中部 · 南部 · 每日开奖'],
  },
};

const welcomeBanner = ([top, line, sub]) =>
  bannerFrame(
    'welcome',
    'Welcome bonus 100%',
    `
  ${coin(930, 170, 88)}${coin(1060, 270, 58, 0.95)}${coin(800, 300, 46, 0.9)}${coin(1090, 95, 36, 0.8)}
  <g fill="#f0c75e" opacity=".9">
    <path d="M700 90l6 16 16 6-16 6-6 16-6-16-16-6 16-6z"/><path d="M1150 190l4 10 10 4-10 4-4 10-4-10-10-4 10-4z"/>
  </g>
  <text x="80" y="118" ${FONT} font-size="30" font-weight="700" letter-spacing="8" fill="#7ad9b1">${top}</text>
  <text x="76" y="228" ${FONT} font-size="118" font-weight="900" fill="url(#gold)">100%</text>
  <text x="80" y="282" ${FONT} font-size="46" font-weight="800" fill="#eef7f2">${line}</text>
  <text x="80" y="330" ${FONT} font-size="24" fill="#b4d2c4">${sub}</text>`,
  );

const ball = (cx, cy, r, number, hue) => `
  <g>
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="hsl(${hue} 70% 45%)"/>
    <circle cx="${cx - r * 0.3}" cy="${cy - r * 0.35}" r="${r * 0.45}" fill="#fff" fill-opacity=".25"/>
    <circle cx="${cx}" cy="${cy}" r="${r * 0.55}" fill="#fff"/>
    <text x="${cx}" y="${cy + r * 0.22}" text-anchor="middle" ${FONT} font-size="${r * 0.62}" font-weight="800" fill="#0b3d2e">${number}</text>
  </g>`;

const lotteryBanner = ([top, big, line, sub]) =>
  bannerFrame(
    'lottery',
    'Vietnam lottery daily',
    `
  ${ball(840, 150, 70, '27', 150)}${ball(990, 120, 56, '08', 40)}${ball(1100, 220, 62, '63', 0)}${ball(930, 290, 58, '15', 200)}${ball(780, 320, 40, '99', 280)}
  <text x="80" y="118" ${FONT} font-size="30" font-weight="700" letter-spacing="8" fill="#7ad9b1">${top}</text>
  <text x="76" y="210" ${FONT} font-size="84" font-weight="900" fill="url(#gold)">${big}</text>
  <text x="80" y="282" ${FONT} font-size="58" font-weight="800" fill="#eef7f2">${line}</text>
  <text x="80" y="330" ${FONT} font-size="24" fill="#b4d2c4">${sub}</text>`,
  );

const CATEGORY_HUES = {
  LOTT: 45,
  ELOTT: 20,
  LIVE: 350,
  SPORTS: 205,
  FISH: 190,
  RNG: 280,
  PVP: 155,
  ARCADE: 315,
  ESPORTS: 250,
};

const vendorLogo = (vendor) => {
  const name = vendor.names.EN ?? Object.values(vendor.names)[0];
  const hue = CATEGORY_HUES[vendor.category] ?? 160;
  const words = name.split(/\s+/);
  const initials = (words.length > 1 ? words.slice(0, 2).map((w) => w[0]) : [...words[0]].slice(0, 2))
    .join('')
    .toUpperCase();
  const half = Math.ceil(words.length / 2);
  const lines = words.length > 2 ? [words.slice(0, half).join(' '), words.slice(half).join(' ')] : words;
  const text = lines
    .slice(0, 2)
    .map(
      (line, i) =>
        `<text x="80" y="${118 + i * 18}" text-anchor="middle" ${FONT} font-size="${line.length > 11 ? 13 : 15}" font-weight="700" fill="#eef7f2">${escapeXml(line.toUpperCase())}</text>`,
    )
    .join('');
  return `
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160" width="160" height="160" role="img" aria-label="${escapeXml(name)}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue} 60% 34%)"/><stop offset="1" stop-color="hsl(${hue + 30} 55% 12%)"/>
    </linearGradient>
    ${gemGradient}
  </defs>
  <rect width="160" height="160" rx="28" fill="url(#bg)"/>
  <rect x="6" y="6" width="148" height="148" rx="23" fill="none" stroke="#f0c75e" stroke-opacity=".55" stroke-width="2"/>
  <circle cx="80" cy="62" r="34" fill="#03140e" fill-opacity=".45" stroke="url(#gold)" stroke-width="3"/>
  <text x="80" y="75" text-anchor="middle" ${FONT} font-size="34" font-weight="900" fill="url(#gold)">${escapeXml(initials)}</text>
  ${text}
</svg>`;
};

/** A small number from a string, stable across runs: varies hue and motif between games. */
const hashOf = (text) => [...text].reduce((h, c) => (h * 31 + c.codePointAt(0)) % 1_000_003, 7);

/** One motif per category, drawn in a 240 x 240 box around its centre. */
const MOTIFS = {
  LOTT: (h) =>
    [0, 1, 2]
      .map((i) => ball(70 + i * 50, 98 + (i % 2) * 26, 26, String(((h >> i) % 90) + 10), (h * (i + 3)) % 360))
      .join(''),
  ELOTT: (h) =>
    `${ball(120, 100, 40, String((h % 90) + 10), h % 360)}<path d="M120 36a64 64 0 1 1-1 0" fill="none" stroke="#f0c75e" stroke-width="5" stroke-dasharray="14 9"/>`,
  LIVE: () =>
    `<g transform="rotate(-12 120 100)"><rect x="66" y="52" width="62" height="88" rx="8" fill="#fff"/><text x="97" y="108" text-anchor="middle" ${FONT} font-size="40" font-weight="800" fill="#c0263c">A</text></g><g transform="rotate(12 120 100)"><rect x="112" y="52" width="62" height="88" rx="8" fill="#fff"/><text x="143" y="108" text-anchor="middle" ${FONT} font-size="40" font-weight="800" fill="#111">K</text></g>`,
  SPORTS: () =>
    `<circle cx="120" cy="100" r="48" fill="#fff"/><path d="M120 76l22 16-8 26h-28l-8-26z" fill="#1c2b24"/><path d="M120 52v24M142 92l22-8M134 118l14 20M106 118l-14 20M98 92l-22-8" stroke="#1c2b24" stroke-width="4"/>`,
  FISH: (h) =>
    `<g fill="hsl(${(h * 7) % 360} 80% 60%)"><path d="M60 100c30-40 90-40 110 0-20 40-80 40-110 0z"/><path d="M168 100l28-24v48z"/></g><circle cx="88" cy="94" r="7" fill="#fff"/><circle cx="88" cy="94" r="3" fill="#111"/>`,
  RNG: (h) =>
    [0, 1, 2]
      .map(
        (i) =>
          `<rect x="${54 + i * 46}" y="66" width="40" height="64" rx="8" fill="#fff"/><text x="${74 + i * 46}" y="112" text-anchor="middle" ${FONT} font-size="34" font-weight="900" fill="hsl(${(h + i * 90) % 360} 70% 38%)">${['7', '$', '★', 'J', '♦'][(h + i) % 5]}</text>`,
      )
      .join(''),
  PVP: () => `${coin(92, 112, 30)}${coin(148, 112, 30)}${coin(120, 76, 30)}`,
  ARCADE: (h) =>
    `<path d="M120 44l16 34 38 4-28 26 8 38-34-20-34 20 8-38-28-26 38-4z" fill="hsl(${h % 360} 85% 62%)" stroke="#fff" stroke-width="4" stroke-linejoin="round"/>`,
  ESPORTS: () =>
    `<rect x="60" y="72" width="120" height="60" rx="30" fill="#eef7f2"/><path d="M88 92v20M78 102h20" stroke="#1c2b24" stroke-width="6"/><circle cx="150" cy="94" r="6" fill="#c0263c"/><circle cx="162" cy="108" r="6" fill="#1f8a65"/>`,
};

/** A demo game's tile: its category's motif on a colour of its own, and its name. */
const gameArt = (vendor, game) => {
  const name = game.names.EN ?? Object.values(game.names)[0];
  const category = game.gameType ?? vendor.category;
  const h = hashOf(`${vendor.code}/${game.gameId}`);
  const hue = ((CATEGORY_HUES[category] ?? 160) + (h % 50) - 25 + 360) % 360;
  const words = name.split(/\s+/);
  const lines = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= 14) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const text = lines
    .slice(0, 2)
    .map(
      (line, i, all) =>
        `<text x="120" y="${(all.length > 1 ? 182 : 196) + i * 26}" text-anchor="middle" ${FONT} font-size="${line.length > 12 ? 19 : 22}" font-weight="800" fill="#eef7f2">${escapeXml(line.toUpperCase())}</text>`,
    )
    .join('');
  return `
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240" role="img" aria-label="${escapeXml(name)}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue} 62% 36%)"/><stop offset="1" stop-color="hsl(${(hue + 35) % 360} 58% 12%)"/>
    </linearGradient>
    ${gemGradient}
  </defs>
  <rect width="240" height="240" fill="url(#bg)"/>
  <g stroke="#fff" stroke-opacity=".06">${Array.from({ length: 8 }, (_, i) => `<path d="M${i * 40 - 80} 240 L${i * 40 + 80} 0"/>`).join('')}</g>
  ${(MOTIFS[category] ?? MOTIFS.ARCADE)(h)}
  <rect x="0" y="158" width="240" height="82" fill="#03140e" fill-opacity=".55"/>
  ${text}
</svg>`;
};

const avatar = (index) => {
  const hue = [150, 45, 200, 330, 265, 15][index];
  return `
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96" role="img" aria-label="Avatar ${index + 1}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue} 65% 50%)"/><stop offset="1" stop-color="hsl(${hue + 30} 60% 20%)"/>
    </linearGradient>
    ${gemGradient}
  </defs>
  <circle cx="48" cy="48" r="48" fill="url(#bg)"/>
  <circle cx="48" cy="38" r="16" fill="#eef7f2" fill-opacity=".92"/>
  <path d="M18 84c4-16 16-24 30-24s26 8 30 24" fill="#eef7f2" fill-opacity=".92"/>
  ${gem(64, 8, 0.34)}
</svg>`;
};

const main = async () => {
  for (const app of APP_DOWNLOADS) {
    const svg = await QRCode.toString(app.url, {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 2,
      color: { dark: '#0b3d2e', light: '#ffffff' },
    });
    await write(path.join('qr', app.file), svg);
  }
  await write('logo.svg', logo);
  // welcome.svg and lottery.svg stay for brands whose banner rows name them; the demo's name
  // welcome.{lang}.svg, which the web app fills with the member's language (decision 0035).
  await write('banners/welcome.svg', welcomeBanner(BANNER_TEXTS.en.welcome));
  await write(
    'banners/lottery.svg',
    lotteryBanner(['XỔ SỐ MỖI NGÀY', 'VIETNAM', 'LOTTERY', 'North · Central · South · daily draws']),
  );
  for (const [language, texts] of Object.entries(BANNER_TEXTS)) {
    await write(`banners/welcome.${language}.svg`, welcomeBanner(texts.welcome));
    await write(`banners/lottery.${language}.svg`, lotteryBanner(texts.lottery));
  }
  const catalogue = JSON.parse(await readFile(catalogueFile, 'utf8'));
  for (const vendor of catalogue.vendors) {
    await write(`vendors/${vendor.code}.svg`, vendorLogo(vendor));
    for (const game of vendor.games)
      await write(`games/${vendor.code}/${game.gameId}.svg`, gameArt(vendor, game));
  }
  for (let i = 0; i < 6; i++) await write(`avatars/jade-${i + 1}.svg`, avatar(i));
  console.log(`media written to ${path.relative(process.cwd(), media)}`);
};

await main();
