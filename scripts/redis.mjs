// A throwaway Redis server on a random loopback port, from the machine's redis-server (Debian's
// package `redis-server`). Nothing is saved to disk: the server lives only as long as the run.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './postgres.mjs';

/** The redis-server binary, or undefined when Redis is not installed. */
export const findRedisServer = () => {
  const candidates = [process.env.REDIS_SERVER, '/usr/bin/redis-server', '/usr/local/bin/redis-server'];
  try {
    candidates.push(
      execFileSync('which', ['redis-server'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim(),
    );
  } catch {
    // not on PATH: the fixed places above
  }
  return candidates.find((file) => file && fs.existsSync(file));
};

/** Resolves once a TCP connection to the port opens (Redis answers as soon as it listens). */
const waitForPort = async (port, deadline) => {
  for (;;) {
    const open = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`redis-server did not listen on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** Starts a server; returns its URL and a stop function that removes every trace. */
export const startRedis = async (binary = findRedisServer()) => {
  if (!binary) throw new Error('redis-server not found: apt-get install redis-server');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jade-redis-'));
  const port = await freePort();
  const child = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: 'ignore' },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await waitForPort(port, Date.now() + 10_000);
  } catch (error) {
    child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { url: `redis://127.0.0.1:${port}`, stop };
};
