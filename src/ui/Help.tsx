/**
 * The keyboard help: a disclosure listing the shortcuts and how reduced motion is respected.
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
      <div className="help__list">
        <dl className="help__keys" aria-label="Keyboard shortcuts">
          {SHORTCUTS.map(([key, what]) => (
            <div key={key} className="help__row">
              <dt>
                <kbd>{key}</kbd>
              </dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
        <p className="help__note">
          Reduced motion: when your system asks for it, collisions do not flash and the camera stops as soon as you let go instead of gliding. The simulation itself runs as
          usual; pause it with Space or slow it with the time scale.
        </p>
      </div>
    </details>
  );
}
