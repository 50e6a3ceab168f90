// Build and dev server for the sandbox app: the app page and the embed example page.
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

/**
 * The Content-Security-Policy of the built pages: scripts and styles only from the page's own
 * origin (no eval, no inline script or style element), nothing embedded, no <base>. Images may
 * be data: or blob: URLs (canvas snapshots). frame-ancestors cannot be set from a meta tag; a
 * server that hosts the app should send it as a header.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** Adds the policy as a meta tag to every built HTML page (not in dev: the dev server injects inline scripts). */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'sphere-sandbox-csp',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY }, injectTo: 'head-prepend' }],
  };
}

/**
 * `npm start` opens a browser tab; on a machine without a desktop none appears, so the dev server
 * also says in words where the sandbox is, once it listens.
 */
function startHint(): Plugin {
  return {
    name: 'sphere-sandbox-start-hint',
    apply: 'serve',
    configureServer(server) {
      server.httpServer?.once('listening', () => {
        // The addresses are known once the server has printed its own banner.
        setTimeout(() => {
          const url = server.resolvedUrls?.local[0];
          if (url) server.config.logger.info(`\n  The sandbox: open ${url} in your browser if no browser window appeared.\n`);
        }, 50);
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), contentSecurityPolicy(), startHint()],
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    // dist/.vite/manifest.json: each chunk with its source, its static and its dynamic imports (the
    // lazy browser test reads which chunks a page loads at start).
    manifest: true,
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        embed: fileURLToPath(new URL('./embed.html', import.meta.url)),
      },
    },
  },
});
