import { importSealingKey, sealPayload } from '@jade/contracts/sealed';
import type { TestServer } from './server.js';

export type Answer<T = any> = {
  status: number;
  body: { success: boolean; value: T; error: { code: string; message: string; fields?: any; details?: any } };
};

/** A member-side client for API tests: seals the §6 payloads as the web app does. */
export const createClient = (server: TestServer, defaults: { headers?: Record<string, string> } = {}) => {
  let key: Awaited<ReturnType<typeof importSealingKey>> | undefined;
  const publicKey = async () => {
    if (!key) {
      const { body } = await server.json<{ value: { publicKey: string } }>('/wps/system/publicKey');
      key = await importSealingKey(body.value.publicKey);
    }
    return key;
  };
  const call = async <T = any>(
    method: string,
    path: string,
    options: { body?: unknown; token?: string; sealed?: boolean; headers?: Record<string, string> } = {},
  ): Promise<Answer<T>> => {
    const headers: Record<string, string> = { ...defaults.headers, ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(
        options.sealed ? await sealPayload(await publicKey(), options.body) : options.body,
      );
    }
    const response = await server.fetch(path, { method, headers, ...(body !== undefined && { body }) });
    return { status: response.status, body: (await response.json()) as Answer<T>['body'] };
  };
  return {
    call,
    publicKey,
    sealed: <T = any>(method: string, path: string, body: unknown, token?: string) =>
      call<T>(method, path, { body, sealed: true, ...(token && { token }) }),
  };
};

/** The latest message the outbox holds for a destination (SMS codes, reset links). */
export const latestOutbox = async (server: TestServer, destination: string) => {
  const row = await server.db
    .selectFrom('outbox')
    .selectAll()
    .where('destination', '=', destination)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) throw new Error(`no message for ${destination}`);
  return row;
};

export const codeIn = (text: string) => {
  // The message is in the brand's language: the code is its six-digit number.
  const match = /(?<![\d+])(\d{6})(?!\d)/.exec(text);
  if (!match) throw new Error(`no code in: ${text}`);
  return match[1] as string;
};
