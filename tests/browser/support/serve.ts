// A static file server for the browser tests: the production build (dist/) for Playwright's
// `webServer`, and the packed consumer project's and the embed lab's builds for their fixtures.
// Unknown paths fall back to index.html; nothing is cached.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.map': 'application/json',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
};

/**
 * Serves `dir` on `port` of 127.0.0.1 (0: a free port). `headers` are added to every response
 * (for instance a Content-Security-Policy).
 */
export function serveDir(dir: string, port = 0, headers: Record<string, string> = {}): Promise<{ server: Server; port: number }> {
  const rootDir = resolve(dir);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let path = normalize(join(rootDir, decodeURIComponent(url.pathname)));
    if (!path.startsWith(rootDir + sep) && path !== rootDir) {
      res.writeHead(403).end();
      return;
    }
    if (!existsSync(path) || statSync(path).isDirectory()) path = join(rootDir, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream', 'cache-control': 'no-store', ...headers });
    createReadStream(path).pipe(res);
  });
  return new Promise((done, reject) => {
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () => done({ server, port: (server.address() as AddressInfo).port }));
  });
}

// Run as a program (`tsx tests/browser/support/serve.ts dist 4173`): Playwright's web server.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dir = 'dist', port = '4173'] = process.argv.slice(2);
  if (!existsSync(join(dir, 'index.html'))) {
    console.error(`${dir}/index.html is missing: run \`npm run build\` before the browser tests.`);
    process.exit(1);
  }
  const { port: bound } = await serveDir(dir, Number(port));
  console.log(`serving ${dir} on http://127.0.0.1:${bound}`);
}
