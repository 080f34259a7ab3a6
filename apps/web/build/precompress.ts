import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** What compresses well and is fetched by browsers; source maps and images of other kinds are left. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this, a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? walk(file) : [file];
  });

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every compressible file of
 * the build, once, at build time; the server sends the copy the browser accepts (preCompressed).
 */
export const precompress = (): Plugin => {
  let outDir = 'dist';
  return {
    name: 'jade-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < MIN_BYTES) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
};
