import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test/cli.js';
import { startTestServer, type TestServer } from '../test/server.js';
import { UsageError } from './commands.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const run = (...argv: string[]) => runCli(server, ...argv);
const status = async () =>
  (await server.json<{ value: { systemStatus: number } }>('/wps/system/status')).body.value;

describe('jade CLI', () => {
  it('prints usage', async () => {
    expect(await run('--help')).toContain('status set <0|1|2>');
  });

  it('switches the system status the site reports', async () => {
    await run('status', 'set', '1', '--message', 'Back at 10:00');
    expect(await status()).toMatchObject({ systemStatus: 1, maintenanceMessage: 'Back at 10:00' });
    expect(await run('status', 'show')).toContain('status 1 (maintenance)');
    await run('status', 'set', '0');
    expect((await status()).systemStatus).toBe(0);
  });

  it('manages region rules', async () => {
    await run('region', 'block-ip', '127.0.0.0/8');
    expect((await status()).systemStatus).toBe(2);
    expect(await run('region', 'show')).toContain('BLOCK_IP\t127.0.0.0/8');
    await run('region', 'allow-ip', '127.0.0.1');
    expect((await status()).systemStatus).toBe(0);
    await run('region', 'block-country', 'vn');
    expect(await run('region', 'show')).toContain('BLOCK_COUNTRY\tVN');
    expect(await run('region', 'unblock-country', 'VN')).toContain('removed');
    await run('region', 'clear');
    expect(await run('region', 'show')).toContain('no region rules');
  });

  it('configures the languages the whitelabel call offers', async () => {
    const languages = async () =>
      (
        await server.json<{
          value: { merchant: { defaultLanguage: string; languages: { code: string }[] } };
        }>('/wps/system/whitelabel?url=localhost')
      ).body.value.merchant;
    expect((await languages()).languages.map((l) => l.code)).toEqual(['TY', 'EN']);
    await run('language', 'add', 'zh', 'zh-CN', '中文');
    expect(await run('language', 'list')).toContain('zh\tzh-CN\t中文');
    expect((await languages()).languages.map((l) => l.code)).toEqual(['TY', 'EN', 'zh']);
    await expect(run('language', 'add', 'xx', 'not a locale!', 'X')).rejects.toThrow(/locale/);
    await expect(run('language', 'remove', 'TY')).rejects.toThrow(/default/);
    await run('language', 'default', 'zh');
    expect((await languages()).defaultLanguage).toBe('zh');
    await run('language', 'default', 'TY');
    await run('language', 'remove', 'zh');
    expect((await languages()).languages.map((l) => l.code)).toEqual(['TY', 'EN']);
  });

  it('switches flags that the whitelabel call reports', async () => {
    await run('flag', 'set', 'loginedToHomePage', 'on');
    const { body } = await server.json<{ value: { whitelabel: Record<string, boolean> } }>(
      '/wps/system/whitelabel?url=localhost',
    );
    expect(body.value.whitelabel.loginedToHomePage).toBe(true);
    expect(await run('flag', 'list')).toContain('loginedToHomePage\ton');
  });

  it('refuses bad input with a clear message', async () => {
    await expect(run('status', 'set', '7')).rejects.toThrow('0 (normal), 1 (maintenance) or 2');
    await expect(run('region', 'block-ip', 'not-an-ip')).rejects.toThrow('not an IP address or CIDR range');
    await expect(run('region', 'block-country', 'Vietnam')).rejects.toThrow('two-letter country code');
    await expect(run('flag', 'set', 'NOPE', 'on')).rejects.toThrow("Unknown flag 'NOPE'");
    await expect(run('flag', 'set', 'FREEPLAY3', 'maybe')).rejects.toThrow(UsageError);
    await expect(run('--merchant', 'NOBRAND', 'status', 'show')).rejects.toThrow(
      "No brand has the code 'NOBRAND'",
    );
    await expect(run('launch', 'rockets')).rejects.toThrow("Unknown command 'launch rockets'");
  });
});

describe('jade CLI: accounts', () => {
  it('prints the outbox, shows and sets account rules, and edits register fields', async () => {
    expect(await run('outbox', 'list')).toContain('outbox is empty');
    expect(JSON.parse(await run('auth', 'show')).captchaAfterFailures).toBe(3);
    await run('auth', 'set', 'newIpChallenge', '"SMS"');
    expect(JSON.parse(await run('auth', 'show')).newIpChallenge).toBe('SMS');
    await expect(run('auth', 'set', 'newIpChallenge', '"PIGEON"')).rejects.toThrow('auth newIpChallenge');
    await expect(run('auth', 'set', 'newIpChallenge', 'SMS')).rejects.toThrow('is not JSON');
    await run('register-field', 'set', 'captcha', 'visible=off', 'required=off');
    const { body } = await server.json<{ value: { fields: { field: string; visible: boolean }[] } }>(
      '/wps/system/setting/register',
    );
    expect(body.value.fields.find((f) => f.field === 'captcha')?.visible).toBe(false);
    await expect(run('register-field', 'set', 'nonsense', 'visible=on')).rejects.toThrow(
      "unknown field 'nonsense'",
    );
    await expect(run('register-field', 'set', 'email', 'pattern=WHATEVER')).rejects.toThrow(
      'pattern must be one of',
    );
    await expect(run('member', 'show', 'ghost')).rejects.toThrow("no member 'ghost'");
  });
});
