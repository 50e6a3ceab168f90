/**
 * The heavier parts of the panels in chunks of their own, loaded when first shown: a component of
 * a dynamically imported module as a React.lazy component ({@link lazyPart}), and what a part says
 * while its chunk loads ({@link Loading}). Wrap a lazy part in `<Suspense fallback={<Loading />}>`.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { useT } from '../../hooks/use-translate.ts';

/** The component `load` gives (from a dynamic `import()`, so a chunk of its own), loaded when first rendered. */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => load().then((component) => ({ default: component })));
}

/** "Loading…", told to a screen reader (a status), in a part whose chunk has not arrived yet. */
export function Loading() {
  const t = useT();
  return (
    <p role="status" className="field__hint" data-loading="">
      {t('classroom.loading')}
    </p>
  );
}
