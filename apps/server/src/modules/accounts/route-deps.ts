import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db/index.js';
import type { Secrets } from '../../platform/secrets.js';
import type { Messaging } from './messaging.js';

/** What the account routes (routes.ts, social.ts) are built with: its own file, so neither imports the other's. */
export type AccountsRouteDeps = {
  db: Db;
  secrets: Secrets;
  config: Config;
  messaging: Messaging;
  captchaText: (() => string) | undefined;
};
