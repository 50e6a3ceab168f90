/**
 * The keyboard help: a disclosure listing the shortcuts and how reduced motion is respected.
 */
import { useT } from '../../hooks/use-translate.ts';
import type { MessageKey } from '../../i18n/index.ts';
import './time.css';

/** The shortcuts, as listed in the help panel: the key's message and what it does. */
export const SHORTCUTS: readonly (readonly [MessageKey, MessageKey])[] = [
  ['help.key.space', 'help.playPause'],
  ['help.key.step', 'help.step'],
  ['help.key.restart', 'help.restart'],
  ['help.key.fullScreen', 'help.fullScreen'],
  ['help.key.click', 'help.inspect'],
  ['help.key.next', 'help.next'],
  ['help.key.nearest', 'help.nearest'],
  ['help.key.values', 'help.values'],
  ['help.key.inspector', 'help.inspector'],
  ['help.key.mute', 'help.mute'],
  ['help.key.orbit', 'help.orbit'],
  ['help.key.zoom', 'help.zoom'],
];

/** A small "Keys" disclosure with the shortcut list. */
export function Help() {
  const t = useT();
  return (
    <details className="help">
      <summary className="button button--quiet">{t('help.title')}</summary>
      <div className="help__list">
        <dl className="help__keys" aria-label={t('help.title')}>
          {SHORTCUTS.map(([key, what]) => (
            <div key={key} className="help__row">
              <dt>
                <kbd>{t(key)}</kbd>
              </dt>
              <dd>{t(what)}</dd>
            </div>
          ))}
        </dl>
        <p className="help__note">{t('help.reducedMotion')}</p>
      </div>
    </details>
  );
}
