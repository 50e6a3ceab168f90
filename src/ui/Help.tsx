/**
 * The keyboard help: a disclosure listing the shortcuts.
 */

/** The shortcuts, as listed in the help panel. */
export const SHORTCUTS: readonly [string, string][] = [
  ['Space', 'Play or pause'],
  ['→', 'Step one 1/60 s'],
  ['R', 'Restart the experiment'],
  ['Click a sphere', 'Inspect it'],
];

/** A small "Keys" disclosure with the shortcut list. */
export function Help() {
  return (
    <details className="help">
      <summary className="button button--quiet">Keyboard shortcuts</summary>
      <dl className="help__list" aria-label="Keyboard shortcuts">
        {SHORTCUTS.map(([key, what]) => (
          <div key={key} className="help__row">
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
