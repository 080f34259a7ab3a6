import { describeCliError, runCommand } from './cli/commands.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { openAndPrepareDb } from './boot.js';
import { loadSecrets } from './platform/secrets.js';

/** `npm run jade -- <command>`: operator commands that change a brand without touching SQL. */
const main = async () => {
  const config = loadConfig();
  // The server's open streams hear what a command changed, on SQLite too (decision 0069).
  const { db, close } = await openAndPrepareDb(config, { tellsServer: true });
  try {
    await runCommand(process.argv.slice(2), db, (line) => console.log(line), {
      // A credential typed by the operator for `operator create`, and the password of the operator
      // named by `--operator` (lottery results), not server configuration.
      // eslint-disable-next-line no-restricted-properties
      operatorPassword: process.env.JADE_OPERATOR_PASSWORD,
      // A gateway's signing secret typed by the operator for `payment channel-gateway`.
      // eslint-disable-next-line no-restricted-properties
      gatewaySecret: process.env.JADE_GATEWAY_SECRET,
      // A vendor's HMAC secret or public key typed by the operator for `vendor set`.
      // eslint-disable-next-line no-restricted-properties
      vendorKey: process.env.JADE_VENDOR_KEY,
      // The server's secret seals it; read (or created, as the server would) only when needed.
      serverSecret: () => loadSecrets(config).sessionSecret,
    });
  } finally {
    await close();
  }
};

main().catch((error: unknown) => {
  const message = error instanceof ConfigError ? error.message : describeCliError(error);
  if (message) {
    console.error(`jade: ${message}`);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
