// Types of scripts/served-server.mjs for the TypeScript tests that use it.
export declare const builtServerMain: string;
export declare const serveFlags: () => string[];
export declare const servedEnv: (options: {
  port: number;
  dir: string;
  databaseUrl: string;
  logLevel: string;
}) => NodeJS.ProcessEnv;
export declare const rssMb: (pid: number) => number;
export declare const freePort: () => Promise<number>;
