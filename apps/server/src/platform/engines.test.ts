import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; dev?: boolean }>;
};
const ours = (
  JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } }
).engines.node;

describe('dependency engines', () => {
  it('installs nothing that needs a newer Node than the oldest one the project supports', () => {
    const oldest = semver.minVersion(ours)!.version;
    const refused = Object.entries(lock.packages)
      .filter(([name, p]) => name && p.engines && !Array.isArray(p.engines) && p.engines.node)
      .filter(([, p]) => !semver.satisfies(oldest, (p.engines as { node: string }).node))
      .map(([name, p]) => `${name}@${p.version} needs node ${(p.engines as { node: string }).node}`);
    expect(refused).toEqual([]);
  });
});
