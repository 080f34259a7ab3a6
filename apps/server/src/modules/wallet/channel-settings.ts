import type { DbOrTrx } from '../../platform/db/index.js';
import { sealSetting } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { channelSecretPurpose } from './channels/adapters.js';
import { gatewayChannelConfig } from './channels/gateway.js';

/** A brand's channels as an operator sees them, switched off ones too; never a secret. */
export const listChannelSettings = async (db: DbOrTrx, merchantId: number) =>
  (
    await db
      .selectFrom('payment_channel')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute()
  ).map((row) => {
    const config = JSON.parse(row.config) as { baseUrl?: unknown; merchantId?: unknown };
    return {
      code: row.code,
      kind: row.kind,
      name: row.name,
      isEnabled: row.enabled === 1,
      minAmount: row.min_amount,
      maxAmount: row.max_amount,
      dailyLimit: row.daily_limit,
      gatewayUrl: row.kind === 'GATEWAY' && typeof config.baseUrl === 'string' ? config.baseUrl : null,
      gatewayMerchantId:
        row.kind === 'GATEWAY' && typeof config.merchantId === 'string' ? config.merchantId : null,
    };
  });

/** New gateway channels start with these limits (VND minor units); `jade` reports them. */
const DEFAULT_GATEWAY_LIMITS = { min: 10_000_00, max: 100_000_000_00, daily: 500_000_000_00 };

/**
 * Points a gateway channel at a gateway and switches it on, creating it when the brand has none by
 * that code. The signing secret is sealed before it is stored (platform/crypto); without a new one
 * the stored one stays. `serverSecret` is the server's session secret, which seals it.
 */
export const configureGatewayChannel = async (
  db: DbOrTrx,
  serverSecret: string,
  merchantId: number,
  code: string,
  input: {
    baseUrl: string;
    gatewayMerchantId?: string | undefined;
    secret?: string | undefined;
    name?: string | undefined;
    timeoutMs?: number | undefined;
  },
) => {
  if (!/^[A-Z0-9_]{2,32}$/.test(code))
    throw new AppError('BAD_REQUEST', 'A channel code is 2-32 capital letters, digits or underscores');
  const existing = await db
    .selectFrom('payment_channel')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('code', '=', code)
    .executeTakeFirst();
  if (existing && existing.kind !== 'GATEWAY')
    throw new AppError('BAD_REQUEST', `Channel '${code}' is a ${existing.kind} channel, not a gateway`);
  const before = existing ? (JSON.parse(existing.config) as Record<string, unknown>) : {};
  if (input.secret !== undefined && input.secret.length < 16)
    throw new AppError('BAD_REQUEST', 'A gateway secret has at least 16 characters');
  const candidate = {
    ...before,
    baseUrl: input.baseUrl,
    ...(input.gatewayMerchantId !== undefined && { merchantId: input.gatewayMerchantId }),
    ...(input.secret !== undefined && {
      secretSealed: sealSetting(serverSecret, channelSecretPurpose(merchantId, code), input.secret),
    }),
    ...(input.timeoutMs !== undefined && { timeoutMs: input.timeoutMs }),
  };
  const parsed = gatewayChannelConfig.safeParse(candidate);
  if (!parsed.success) {
    const missing = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new AppError('BAD_REQUEST', `The gateway channel needs a valid ${missing}`);
  }
  const config = JSON.stringify(parsed.data);
  if (existing) {
    await db
      .updateTable('payment_channel')
      .set({ config, enabled: 1, ...(input.name && { name: input.name }) })
      .where('id', '=', existing.id)
      .execute();
  } else {
    await db
      .insertInto('payment_channel')
      .values({
        merchant_id: merchantId,
        code,
        kind: 'GATEWAY',
        name: input.name ?? code,
        config,
        min_amount: DEFAULT_GATEWAY_LIMITS.min,
        max_amount: DEFAULT_GATEWAY_LIMITS.max,
        daily_limit: DEFAULT_GATEWAY_LIMITS.daily,
        enabled: 1,
        sort_order: 10,
      })
      .execute();
  }
  return (await listChannelSettings(db, merchantId)).find((c) => c.code === code)!;
};

/** Per-channel limits in minor units; a limit left out stays as it is. */
export const setChannelLimits = async (
  db: DbOrTrx,
  merchantId: number,
  code: string,
  limits: { min?: number | undefined; max?: number | undefined; daily?: number | undefined },
) => {
  const row = await db
    .selectFrom('payment_channel')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('code', '=', code)
    .executeTakeFirst();
  if (!row) throw new AppError('PAYMENT_CHANNEL_NOT_FOUND', `No channel '${code}'`);
  const next = {
    min: limits.min ?? row.min_amount,
    max: limits.max ?? row.max_amount,
    daily: limits.daily ?? row.daily_limit,
  };
  const isWhole = (n: number) => Number.isSafeInteger(n) && n > 0;
  if (!isWhole(next.min) || !isWhole(next.max) || !isWhole(next.daily) || next.min > next.max)
    throw new AppError('BAD_REQUEST', 'Limits are positive amounts with min at most max');
  await db
    .updateTable('payment_channel')
    .set({ min_amount: next.min, max_amount: next.max, daily_limit: next.daily })
    .where('id', '=', row.id)
    .execute();
  return next;
};

export const setChannelEnabled = async (
  db: DbOrTrx,
  merchantId: number,
  code: string,
  isEnabled: boolean,
) => {
  const result = await db
    .updateTable('payment_channel')
    .set({ enabled: isEnabled ? 1 : 0 })
    .where('merchant_id', '=', merchantId)
    .where('code', '=', code)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1)
    throw new AppError('PAYMENT_CHANNEL_NOT_FOUND', `No channel '${code}'`);
};
