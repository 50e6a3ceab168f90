/**
 * The library build's entry for the component: the public API (index.ts) and the stylesheets
 * that the build gathers into the package's `style.css`.
 */
import '../ui/overlay.css';
import './sphere-sandbox.css';

export * from './index.ts';
