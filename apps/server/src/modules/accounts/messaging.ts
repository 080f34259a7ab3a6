import type { Config } from '../../platform/config.js';
import type { DbOrTrx } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import * as repo from './repo.js';

export type Message = { merchantId: number; to: string; subject?: string; body: string };
/** Where SMS and email go: the outbox table by default, or a generic HTTP provider from the environment. */
export type MessageProvider = { send: (db: DbOrTrx, message: Message) => Promise<void> };

const outboxProvider = (channel: 'SMS' | 'EMAIL'): MessageProvider => ({
  send: async (db, message) =>
    repo.insertOutbox(db, {
      merchant_id: message.merchantId,
      channel,
      destination: message.to,
      subject: message.subject ?? null,
      body: message.body,
      created_at: new Date().toISOString(),
    }),
});

const httpProvider = (url: string, token: string | undefined): MessageProvider => ({
  send: async (_db, message) => {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
        body: JSON.stringify({ to: message.to, subject: message.subject, body: message.body }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw new AppError('SMS_SEND_FAILED', 'The message provider could not be reached');
    }
    if (response.status === 429)
      throw new AppError('SMS_QUOTA_EXCEEDED', 'Message quota exceeded, please contact customer service');
    if (!response.ok) {
      const text = (await response.text()).slice(0, 200);
      throw new AppError('SMS_SEND_FAILED', text || `The message provider answered ${response.status}`);
    }
  },
});

export type Messaging = { sms: MessageProvider; email: MessageProvider };

export const createMessaging = (config: Config): Messaging => ({
  sms: config.sms.url ? httpProvider(config.sms.url, config.sms.token) : outboxProvider('SMS'),
  email: config.email.url ? httpProvider(config.email.url, config.email.token) : outboxProvider('EMAIL'),
});
