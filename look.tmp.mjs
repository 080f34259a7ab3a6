import { chromium } from 'playwright-core';
const dist = '/work/main/apps/server/dist';
const { loadConfig } = await import(`${dist}/platform/config.js`);
const { openAndPrepareDb } = await import(`${dist}/boot.js`);
const { loadSecrets } = await import(`${dist}/platform/secrets.js`);
const { createSession } = await import(`${dist}/modules/accounts/sessions.js`);
const { getAuthSettings } = await import(`${dist}/modules/accounts/settings.js`);
const env = { DATA_DIR: '/tmp/look/data', LOG_LEVEL: 'silent' };
const config = loadConfig(env);
const secrets = loadSecrets(config);
const { db, close } = await openAndPrepareDb(config);
const who = process.argv[2] ?? 'demoplayer1';
const m = await db.selectFrom('member').select(['id', 'merchant_id']).where('username', '=', who).executeTakeFirstOrThrow();
const settings = await getAuthSettings(db, m.merchant_id);
const token = await createSession(db, secrets, { merchantId: m.merchant_id, memberId: m.id, site: 'MEMBER', method: 'PASSWORD', ip: '127.0.0.1', userAgent: 'look', settings });
await close();
const base = 'http://127.0.0.1:18080';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
const lang = process.argv[3] ?? 'EN';
const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
await context.addInitScript(([t, l]) => { if (!sessionStorage.getItem('token')) { sessionStorage.setItem('token', t); sessionStorage.setItem('isAgent', '0'); } localStorage.setItem('language', l); }, [token, lang]);
const page = await context.newPage();
const reqs = new Map(); const failed = [];
page.on('requestfinished', async (r) => { const k = r.method() + ' ' + r.url().replace(base, ''); reqs.set(k, (reqs.get(k) ?? 0) + 1); const res = await r.response(); if (res && res.status() >= 400) failed.push(res.status() + ' ' + k); });
page.on('requestfailed', (r) => failed.push('FAILED ' + r.url()));
page.on('console', (msg) => { if (msg.type() === 'error') failed.push('console: ' + msg.text().slice(0, 200)); });
const shots = (process.argv[4] ?? '/pointMall,/vip,/promotions').split(',');
for (const p of shots) {
  reqs.clear();
  await page.goto(base + p, { waitUntil: 'load' });
  await page.waitForTimeout(3000);
  await page.screenshot({ path: `/tmp/look/${who}-${lang}${p.replace(/\//g, '_')}.png`, fullPage: false });
  console.log(p, JSON.stringify([...reqs].filter(([, n]) => n > 1)));
}
async function centre(item) {
  await page.goto(base + '/', { waitUntil: 'load' });
  await page.getByRole('navigation', { name: /./ }).getByRole('button', { name: who }).first().click();
  const center = page.getByRole('dialog').first();
  await center.getByRole('button', { name: item, exact: true }).first().click();
  await page.waitForTimeout(3000);
  await page.screenshot({ path: `/tmp/look/${who}-${lang}-centre-${item.replace(/\s/g, '_')}.png` });
}
for (const item of (process.argv[5] ?? 'Reward centre,Bonus details,Platform information').split(',')) {
  reqs.clear();
  try { await centre(item); } catch (e) { console.log('centre', item, String(e).slice(0, 200)); }
  console.log(item, JSON.stringify([...reqs].filter(([, n]) => n > 1)));
}
console.log('failed:', failed);
await browser.close();
