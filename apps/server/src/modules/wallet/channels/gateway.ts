import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { safeEqual } from '../../../platform/crypto.js';
import { AppError } from '../../../platform/errors.js';
import type { ChannelAdapter, DepositOrder } from './channel.js';

/**
 * A generic payment gateway (docs/decisions/0008-payment-gateway-channels.md), spoken to over HTTP:
 *
 * - create an order: POST {baseUrl}/orders with JSON {merchantId, merchantOrderId, amount, currency,
 *   notifyUrl, returnUrl}; the gateway answers {orderId, payUrl};
 * - the gateway's callback: POST notifyUrl with JSON {merchantId, orderId, merchantOrderId, amount,
 *   currency, status: PAID | FAILED}; we answer 200 `success`.
 *
 * Both directions are signed the same way: X-Timestamp (Unix seconds) and X-Signature, the hex
 * HMAC-SHA256 under the merchant's secret of `${timestamp}.${raw body}`. The timestamp is inside the
 * signature and must be within 5 minutes of our clock, so an old callback cannot be replayed with a
 * new timestamp. Amounts are integer minor units of `currency`.
 */

export const SIGNATURE_HEADER = 'x-signature';
export const TIMESTAMP_HEADER = 'x-timestamp';
export const MERCHANT_HEADER = 'x-merchant-id';
/** ±5 minutes, as for the encrypted payloads of §6. */
export const CALLBACK_MAX_SKEW_SECONDS = 300;
const DEFAULT_TIMEOUT_MS = 10_000;

/** payment_channel.config of a gateway channel; the secret is stored sealed (platform/crypto). */
export const gatewayChannelConfig = z.object({
  baseUrl: z.url({ protocol: /^https?$/ }),
  merchantId: z.string().min(1).max(64),
  secretSealed: z.string().min(1),
  timeoutMs: z.number().int().min(100).max(60_000).default(DEFAULT_TIMEOUT_MS),
});
export type GatewayChannelConfig = z.infer<typeof gatewayChannelConfig>;

export const signGatewayMessage = (secret: string, timestamp: string, rawBody: Buffer | string) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');

const createOrderAnswer = z.object({
  orderId: z.string().min(1).max(100),
  payUrl: z.url({ protocol: /^https?$/ }).max(1000),
});

const callbackBody = z.object({
  merchantId: z.string(),
  orderId: z.string().min(1).max(100),
  merchantOrderId: z.string().regex(/^[1-9]\d{0,14}$/),
  amount: z.number().int().safe(),
  currency: z.string().max(8),
  status: z.enum(['PAID', 'FAILED']),
});

const unavailable = (reason: string) =>
  new AppError('PAYMENT_GATEWAY_UNAVAILABLE', `The payment gateway could not take the order: ${reason}`, {
    details: { reason },
  });

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return typeof value === 'string' ? value.trim() : undefined;
};

/**
 * The gateway adapter of one channel. `secret` opens the channel's signing secret; it is called only
 * when a request is signed or checked, and what it returns is never logged or answered.
 */
export const gatewayAdapter = (config: GatewayChannelConfig, secret: () => string): ChannelAdapter => ({
  kind: 'GATEWAY',
  receivingAccount: null,

  startDeposit: async (order: DepositOrder, now: Date) => {
    const body = JSON.stringify({
      merchantId: config.merchantId,
      merchantOrderId: String(order.depositId),
      amount: order.amount,
      currency: order.currency,
      notifyUrl: order.notifyUrl,
      returnUrl: order.returnUrl,
    });
    const timestamp = String(Math.floor(now.getTime() / 1000));
    let response: Response;
    try {
      response = await fetch(`${config.baseUrl.replace(/\/+$/, '')}/orders`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [MERCHANT_HEADER]: config.merchantId,
          [TIMESTAMP_HEADER]: timestamp,
          [SIGNATURE_HEADER]: signGatewayMessage(secret(), timestamp, body),
        },
        body,
        redirect: 'error',
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (error) {
      throw unavailable(
        (error as Error).name === 'TimeoutError' ? 'no answer in time' : 'the gateway is unreachable',
      );
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw unavailable(`the gateway answered HTTP ${response.status}`);
    }
    let answer: unknown;
    try {
      answer = await response.json();
    } catch {
      throw unavailable('the gateway answered something other than JSON');
    }
    const parsed = createOrderAnswer.safeParse(answer);
    if (!parsed.success) throw unavailable('the gateway answered without an order id and payment page');
    return { status: 'AWAITING_PAYMENT', gatewayOrderId: parsed.data.orderId, payUrl: parsed.data.payUrl };
  },

  readCallback: ({ headers, rawBody }, now) => {
    const timestamp = header(headers, TIMESTAMP_HEADER);
    const signature = header(headers, SIGNATURE_HEADER)?.toLowerCase();
    if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !signature) {
      throw new AppError('GATEWAY_SIGNATURE_INVALID', 'The callback is not signed');
    }
    if (!safeEqual(signGatewayMessage(secret(), timestamp, rawBody), signature)) {
      throw new AppError('GATEWAY_SIGNATURE_INVALID', 'The callback signature does not match');
    }
    if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > CALLBACK_MAX_SKEW_SECONDS) {
      throw new AppError('GATEWAY_CALLBACK_STALE', 'The callback timestamp is more than 5 minutes off');
    }
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new AppError('BAD_REQUEST', 'The callback body is not JSON');
    }
    const parsed = callbackBody.safeParse(json);
    if (!parsed.success) throw new AppError('BAD_REQUEST', 'The callback body is not a payment result');
    if (parsed.data.merchantId !== config.merchantId) {
      throw new AppError('PAYMENT_CALLBACK_MISMATCH', 'The callback is for another merchant account', {
        details: { field: 'merchantId' },
      });
    }
    return {
      depositId: Number(parsed.data.merchantOrderId),
      gatewayOrderId: parsed.data.orderId,
      amount: parsed.data.amount,
      currency: parsed.data.currency,
      status: parsed.data.status,
    };
  },
});
