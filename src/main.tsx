/// <reference types="vite/client" />
/**
 * Entry point: mounts the app into #root.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import './ui/page.css';
import './ui/overlay.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain an element with id "root"');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
