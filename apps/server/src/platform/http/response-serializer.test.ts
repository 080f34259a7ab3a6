import v8 from 'node:v8';
import { balanceResponse } from '@jade/contracts/wallet';
import { okEnvelope } from '@jade/contracts/envelope';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { asciiJson, compileResponseWriter, createResponseSerializerCompiler } from './response-serializer.js';

// Decision 0076: answers are written by a function compiled once per contract, and that function
// writes no field the contract does not list.

const member = z.object({
  id: z.number().int(),
  name: z.string(),
  nick: z.string().nullable(),
  vip: z.number().optional(),
  tags: z.array(z.object({ code: z.string() })),
  kind: z.enum(['member', 'agent']),
  state: z.literal('active').default('active'),
  extra: z.record(z.string(), z.object({ shown: z.boolean() })).optional(),
  detail: z.union([
    z.object({ type: z.literal('a'), a: z.string() }),
    z.object({ type: z.literal('b'), b: z.number() }),
  ]),
  free: z.unknown(),
});

/** A member row as a careless handler might return it: secrets beside every listed field. */
const leaky = {
  id: 7,
  name: 'Ann',
  nick: null,
  passwordHash: 'scrypt$secret',
  tags: [{ code: 't1', token: 'secret-token' }],
  kind: 'member',
  extra: { x: { shown: true, otp: '123456' } },
  detail: { type: 'b', b: 2, a: 'hidden', pin: '0000' },
  free: { any: 'thing' },
  sessionToken: 'abc',
};

describe('compiled response writer', () => {
  it('writes what zod writes, and no field the contract does not list, at any depth', () => {
    const write = compileResponseWriter(member)!;
    expect(write).toBeDefined();
    const text = write(leaky);
    expect(text).toBe(JSON.stringify(member.parse(leaky)));
    for (const secret of [
      'passwordHash',
      'secret-token',
      'token',
      'otp',
      '123456',
      'hidden',
      'pin',
      'sessionToken',
    ])
      expect(text).not.toContain(secret);
    expect(JSON.parse(text)).toEqual({
      id: 7,
      name: 'Ann',
      nick: null,
      tags: [{ code: 't1' }],
      kind: 'member',
      state: 'active',
      extra: { x: { shown: true } },
      detail: { type: 'b', b: 2 },
      free: { any: 'thing' },
    });
  });

  it('writes strings and numbers as JSON.stringify does, outside ASCII as \\u escapes', () => {
    const schema = z.object({ texts: z.array(z.string()), numbers: z.array(z.number()) });
    const write = compileResponseWriter(schema)!;
    const value = {
      texts: [
        'plain',
        'a "quote"',
        'back\\slash',
        'line\nbreak',
        '\u0000\u001f\u007f',
        'ünï 中文 😀',
        '\ud800 alone',
        '</script>',
      ],
      numbers: [0, -0, 1, -1.5, 0.1, 1e21, 1e-7, 2 ** 53, Number.MAX_VALUE],
    };
    const text = write(value)!;
    expect(text).toBe(asciiJson(JSON.stringify(schema.parse(value))));
    // Decision 0089: one-byte ASCII text, the same JSON to a parser.
    expect(text).not.toMatch(/[\u0080-\uffff]/);
    expect(text).toContain('"\\u00fcn\\u00ef \\u4e2d\\u6587 \\ud83d\\ude00"');
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
  });

  it('answers one-byte text, however long, when its strings are two-byte', () => {
    const write = compileResponseWriter(z.object({ names: z.array(z.string()) }))!;
    const names = ['Thể thao', 'Ví chính', 'x'.repeat(20_000) + 'ể'];
    const text = write({ names })!;
    // v8's serializer tags a one-byte string '"' (0x22) and a two-byte one 'c' (0x63).
    expect(v8.serialize(names[0])[2]).toBe(0x63);
    expect(v8.serialize(text)[2]).toBe(0x22);
    expect(JSON.parse(text)).toEqual({ names });
  });

  it('writes keys, literals, enum values, defaults and unknown values outside ASCII escaped', () => {
    const schema = z.object({
      ví: z.literal('chính'),
      kind: z.enum(['tiền', 'điểm']),
      label: z.string().default('Ví chính'),
      free: z.unknown(),
      names: z.record(z.string(), z.string()),
    });
    const write = compileResponseWriter(schema)!;
    const value = { ví: 'chính', kind: 'điểm', free: { tên: 'Ví' }, names: { 主: '钱包' } };
    const text = write(value)!;
    expect(text).toBe(asciiJson(JSON.stringify(schema.parse(value))));
    expect(text).not.toMatch(/[\u0080-\uffff]/);
    expect(JSON.parse(text)).toEqual(schema.parse(value));
  });

  it('refuses an answer that does not fit, as zod does', () => {
    const write = compileResponseWriter(member)!;
    expect(() => write({ ...leaky, id: 'seven' })).toThrow();
    expect(() => write({ ...leaky, name: undefined })).toThrow();
    expect(() => write({ ...leaky, kind: 'boss' })).toThrow();
    expect(() => write({ ...leaky, detail: { type: 'c' } })).toThrow();
    expect(() => write({ ...leaky, id: Number.NaN })).toThrow();
    expect(() => write({ ...leaky, id: 7.5 })).toThrow();
  });

  it('writes a union of literals as zod does and refuses a value outside it', () => {
    const flags = z.object({
      play: z.union([z.literal(0), z.literal(1)]),
      mode: z.union([z.literal('a'), z.literal('b')]),
    });
    const write = compileResponseWriter(flags)!;
    for (const value of [
      { play: 0, mode: 'a' },
      { play: 1, mode: 'b', extra: 'secret' },
    ])
      expect(write(value)).toBe(JSON.stringify(flags.parse(value)));
    expect(() => write({ play: 2, mode: 'a' })).toThrow();
    expect(() => write({ play: '1', mode: 'a' })).toThrow();
    expect(() => write({ play: 1, mode: 'c' })).toThrow();
  });

  it('keeps the number checks money depends on: integers and bounds', () => {
    const write = compileResponseWriter(
      z.object({ amount: z.number().int().min(0).max(100), share: z.number().gt(0), count: z.int() }),
    )!;
    expect(write({ amount: 100, share: 0.5, count: 3 })).toBe('{"amount":100,"share":0.5,"count":3}');
    for (const bad of [
      { amount: -1, share: 1, count: 1 },
      { amount: 101, share: 1, count: 1 },
      { amount: 1.5, share: 1, count: 1 },
      { amount: 1, share: 0, count: 1 },
      { amount: 1, share: 1, count: 1.5 },
    ])
      expect(() => write(bad)).toThrow();
  });

  it('leaves schemas whose output is not their input to zod', () => {
    expect(compileResponseWriter(z.object({ at: z.string().transform((s) => s.length) }))).toBeUndefined();
    expect(compileResponseWriter(z.object({ name: z.string().trim() }))).toBeUndefined();
    expect(compileResponseWriter(z.looseObject({ name: z.string() }))).toBeUndefined();
  });
});

describe('the serializer compiler through Fastify', () => {
  const serve = async (check: 'full' | 'compiled', answer: unknown) => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(createResponseSerializerCompiler(check));
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/balance',
        { schema: { response: { 200: okEnvelope(balanceResponse) } } },
        async () => answer as never,
      );
    const reply = await app.inject({ method: 'GET', url: '/balance' });
    await app.close();
    return reply;
  };
  const balance = {
    success: true,
    value: {
      sumBalance: 1500,
      currency: 'VND',
      currencyExponent: 0,
      wallets: [{ wallet: 'MAIN', name: 'Main', balance: 1500, accountId: 3 }],
      memberId: 9,
      passwordHash: 'scrypt$secret',
    },
  };

  for (const check of ['compiled', 'full'] as const) {
    it(`strips unlisted fields from a real contract's answer (${check})`, async () => {
      const reply = await serve(check, { ...balance, debug: 'x' });
      expect(reply.statusCode).toBe(200);
      expect(reply.body).toBe(JSON.stringify(okEnvelope(balanceResponse).parse(balance)));
      for (const unlisted of ['passwordHash', 'memberId', 'accountId', 'debug'])
        expect(reply.body).not.toContain(unlisted);
    });

    it(`answers names outside ASCII as \\u escapes, the same JSON (${check})`, async () => {
      const named = {
        ...balance,
        value: { ...balance.value, wallets: [{ wallet: 'MAIN', name: 'Ví chính', balance: 1500 }] },
      };
      const reply = await serve(check, named);
      expect(reply.statusCode).toBe(200);
      expect(reply.body).toContain('"V\\u00ed ch\\u00ednh"');
      expect(reply.body).not.toMatch(/[\u0080-\uffff]/);
      expect(reply.json()).toEqual(okEnvelope(balanceResponse).parse(named));
    });

    it(`answers 500 for an answer that breaks its contract (${check})`, async () => {
      const reply = await serve(check, { success: true, value: { balance: 'lots' } });
      expect(reply.statusCode).toBe(500);
      expect(reply.body).not.toContain('lots');
    });
  }
});
