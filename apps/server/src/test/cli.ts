import fs from 'node:fs';
import path from 'node:path';
import { runCommand } from '../cli/commands.js';
import type { TestServer } from './server.js';

/** Runs the operator CLI (`jade ...`) against the test server's database; resolves with what it printed. */
export const runCli = async (server: TestServer, ...argv: string[]) => {
  const lines: string[] = [];
  await runCommand(argv, server.db, (line) => lines.push(line));
  return lines.join('\n');
};

/** Writes a file for the CLI to import into the server's data folder (JSON unless text is given); returns its path. */
export const writeDataFile = (server: TestServer, name: string, content: unknown) => {
  const file = path.join(server.dataDir, name);
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};
