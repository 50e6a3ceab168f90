/// <reference types="vite/client" />
/**
 * Entry point: mounts the app into #root.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { prepareAddress } from './share/compressed-link.ts';
import { localeFromQuery } from './share/url-state.ts';
import { translator } from './i18n/index.ts';
import './ui/page.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain an element with id "root"');
// Test mode (`?test=1`) loads the browser tests' hooks before the sandbox mounts.
const testMode = new URLSearchParams(window.location.search).get('test') === '1';
const hooks = testMode ? import('./testing/test-hook.ts').then((m) => m.enableTestHooks()) : Promise.resolve();
// A compressed experiment in the address (`exp=`) is expanded before the store is made.
const ready = Promise.all([hooks, prepareAddress(translator(localeFromQuery(window.location.search).locale))]);
void ready.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
