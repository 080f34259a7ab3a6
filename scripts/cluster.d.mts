// Types of scripts/cluster.mjs for the TypeScript tests that start a cluster.
import type { ChildProcess } from 'node:child_process';

export type ClusterInstance = {
  /** i1, i2...: what its answers' x-jade-instance header says. */
  name: string;
  url: string;
  process: ChildProcess;
  exited: Promise<number | null>;
  stop: () => Promise<void>;
};

export type Balancer = { url: string; up: () => string[]; close: () => Promise<void> };

export type Cluster = {
  /** The balancer's URL. */
  url: string;
  balancer: Balancer;
  instances: ClusterInstance[];
  databaseUrl: string;
  redisUrl: string;
  dataDir: string;
  stop: () => Promise<void>;
};

export declare const startBalancer: (
  backends: string[],
  options?: { host?: string; port?: number },
) => Promise<Balancer>;

export declare const startCluster: (options?: {
  instances?: number;
  databaseUrl?: string;
  prepared?: boolean;
  redisUrl?: string;
  host?: string;
  port?: number;
  env?: Record<string, string>;
  studio?: boolean;
  output?: NodeJS.WritableStream;
  dataDir?: string;
}) => Promise<Cluster>;
