/**
 * The reference for the bundle bench: a plain static server of the built web app that gzips each
 * text response on the fly (zlib, default level), as a stock server with gzip on would. It serves
 * the runtime config of the real web server, so the app it serves talks to the same API.
 */
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { HOST } from './processes.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};
const TEXT = new Set(['.html', '.js', '.css', '.svg', '.json']);

export async function startGzipReference(
  distDir: string,
  port: number,
  /** The real web server: its /runtime-config.js names the API. */
  webUrl: string,
): Promise<{ close: () => Promise<void> }> {
  const runtimeConfig = Buffer.from(await (await fetch(`${webUrl}/runtime-config.js`)).text());
  const server = http.createServer((req, res) => {
    void (async () => {
      const urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      let file = path.join(distDir, path.normalize(urlPath));
      let body: Buffer;
      if (urlPath === '/runtime-config.js') {
        body = runtimeConfig;
        file = 'runtime-config.js';
      } else {
        const isFile = file.startsWith(distDir) && (await stat(file).catch(() => null))?.isFile();
        // Client-side routes get index.html, as the real server does.
        if (!isFile) file = path.join(distDir, 'index.html');
        body = await readFile(file);
      }
      const ext = path.extname(file);
      res.setHeader('Content-Type', TYPES[ext] ?? 'application/octet-stream');
      res.setHeader(
        'Cache-Control',
        urlPath.startsWith('/assets/') ? 'max-age=31536000' : 'no-cache',
      );
      res.setHeader('Vary', 'Accept-Encoding');
      if (TEXT.has(ext) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
        body = gzipSync(body);
        res.setHeader('Content-Encoding', 'gzip');
      }
      res.setHeader('Content-Length', body.length);
      res.end(body);
    })().catch(() => {
      res.statusCode = 500;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, HOST, resolve));
  return { close: () => new Promise((resolve) => server.close(() => resolve())) };
}
