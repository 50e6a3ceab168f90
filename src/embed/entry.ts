/**
 * The library build's entry for the component: the public API (index.ts) and the stylesheets
 * that the build gathers into the package's `style.css`: the components' own (each imports its
 * stylesheet, ui/Overlay.tsx the theme and the shared ones first), then the embedded box's.
 */
export * from './index.ts';
import './sphere-sandbox.css';
