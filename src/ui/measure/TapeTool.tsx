/**
 * The measuring tape tool (instruments/tape.ts; the view draws it, scene/MeasuringTape.tsx): show
 * it or not, let clicks in the view set its ends or not, pick each end from a list (every sphere
 * by id and the six walls) without a pointer, and read the distance and its x y z components. The
 * numbers are re-read with each published sample; a screen reader is told the distance politely
 * only when an end changes, never at each sample.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { formatFixed, type MessageKey, type Translate } from '../../i18n/index.ts';
import { tapeEnds, tapeLength, type TapeEnd } from '../../instruments/index.ts';
import { SwitchRow } from '../shared/ToggleField.tsx';

/** The walls' names, in WALL_NAMES order (-x, +x, -y, +y, -z, +z): the names the pressure map uses. */
const WALL_KEYS = ['pressure.face.left', 'pressure.face.right', 'pressure.face.floor', 'pressure.face.ceiling', 'pressure.face.back', 'pressure.face.front'] as const satisfies readonly MessageKey[];

/** An end as a select's value: "" (none), "s<id>", "w<wall>" or "p" (a point picked in the view). */
function valueOf(end: TapeEnd | null): string {
  if (end === null) return '';
  return end.kind === 'sphere' ? `s${end.id}` : end.kind === 'wall' ? `w${end.wall}` : 'p';
}

/** An end's name as the interface shows it. */
function nameOf(end: TapeEnd, t: Translate): string {
  if (end.kind === 'sphere') return t('tape.sphere', { id: String(end.id) });
  if (end.kind === 'wall') return t(WALL_KEYS[end.wall]);
  const [x, y, z] = end.at.map((v) => formatFixed(t.locale, v, 3));
  return t('tape.point', { x, y, z });
}

/** The distance and its x y z components, read again with each published sample (the ends move with the spheres). */
function TapeReading() {
  const store = useSandboxStore();
  const t = useT();
  useStore(store, (s) => s.stats);
  const { from, to } = useStore(store, useShallow((s) => ({ from: s.tape.from, to: s.tape.to })));
  const { sim } = store.getState();
  const ends = new Float64Array(6);
  const placed = tapeEnds(from, to, sim.world, sim, 1, ends);
  const metres = (x: number): string => `${formatFixed(t.locale, x, 3)} m`;
  return (
    <>
      <p className="measure__big" data-measure="tape" aria-label={t('tape.distance')}>
        {placed ? metres(tapeLength(ends)) : '—'}
      </p>
      {placed ? (
        <dl className="tape__parts" aria-label={t('tape.components')}>
          {(['x', 'y', 'z'] as const).map((axis, k) => (
            <div key={axis}>
              <dt>{t('tape.part', { axis })}</dt>
              <dd data-tape-part={axis}>{metres(ends[3 + k] - ends[k])}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="field__hint">{t('tape.unset')}</p>
      )}
    </>
  );
}

/**
 * The tape's switches, its two ends and its reading. The end lists (every sphere by id) are made
 * again only when the spheres may have changed (a new scene, an edit, a sphere more or fewer),
 * not with each published sample: at thousands of spheres they are thousands of options.
 */
export function TapeTool() {
  const store = useSandboxStore();
  const t = useT();
  const id = useId();
  useStore(store, (s) => s.sceneVersion);
  useStore(store, (s) => s.scene.count);
  useStore(store, (s) => s.edits);
  const { on, picking, from, to } = useStore(store, useShallow((s) => s.tape));
  // A planar world's back and front walls are the slab's faces: not offered.
  const planar = useStore(store, (s) => s.scene.planar);
  const [error, setError] = useState('');
  const { sim } = store.getState();
  const ids = Array.from({ length: sim.count }, (_, s) => sim.world.idAt(s)).sort((a, b) => a - b);

  // What a screen reader hears: the new distance when an end changes (not at every sample).
  const [announce, setAnnounce] = useState('');
  const key = `${valueOf(from)}|${valueOf(to)}|${from?.kind === 'point' ? from.at.join() : ''}|${to?.kind === 'point' ? to.at.join() : ''}`;
  const lastKey = useRef(key);
  useEffect(() => {
    if (lastKey.current === key) return;
    lastKey.current = key;
    const s = store.getState();
    const out = new Float64Array(6);
    if (s.tape.from !== null && s.tape.to !== null && tapeEnds(s.tape.from, s.tape.to, s.sim.world, s.sim, 1, out)) {
      setAnnounce(t('tape.announce', { from: nameOf(s.tape.from, t), to: nameOf(s.tape.to, t), distance: formatFixed(t.locale, tapeLength(out), 3) }));
    } else if (s.tape.from === null && s.tape.to === null) {
      setAnnounce(t('tape.cleared'));
    }
  }, [key, store, t]);

  const choose = (field: 'from' | 'to', value: string): void => {
    if (value === 'p') return;
    const end: TapeEnd | null = value === '' ? null : value.startsWith('s') ? { kind: 'sphere', id: Number(value.slice(1)) } : { kind: 'wall', wall: Number(value.slice(1)) };
    const s = store.getState();
    const refused = s.setTapeEnd(field, end);
    setError(refused ?? '');
    // An end chosen shows the tape.
    if (refused === null && end !== null) s.setTape({ on: true });
  };
  const swap = (): void => {
    const s = store.getState();
    const { from: a, to: b } = s.tape;
    if (s.setTapeEnd('from', b) === null) s.setTapeEnd('to', a);
  };
  const clear = (): void => {
    const s = store.getState();
    s.setTapeEnd('from', null);
    s.setTapeEnd('to', null);
    setError('');
  };

  const select = (field: 'from' | 'to', end: TapeEnd | null) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${field}`}>
        {t(field === 'from' ? 'tape.from' : 'tape.to')}
      </label>
      <select id={`${id}-${field}`} className="field__input" data-tape-end={field} value={valueOf(end)} onChange={(e) => choose(field, e.target.value)}>
        <option value="">{t('tape.none')}</option>
        {end?.kind === 'point' && <option value="p">{nameOf(end, t)}</option>}
        {ids.map((sphere) => (
          <option key={`s${sphere}`} value={`s${sphere}`}>
            {t('tape.sphere', { id: String(sphere) })}
          </option>
        ))}
        {WALL_KEYS.slice(0, planar ? 4 : 6).map((wall, k) => (
          <option key={`w${k}`} value={`w${k}`}>
            {t(wall)}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <div className="tape">
      <SwitchRow label={t('tape.show')} name="tape-on" checked={on} data={{}} onChange={(checked) => store.getState().setTape({ on: checked })} />
      <SwitchRow label={t('tape.pick')} name="tape-pick" checked={picking} note={t('tape.pickHint')} data={{}} onChange={(checked) => store.getState().setTape({ picking: checked })} />
      {select('from', from)}
      {select('to', to)}
      {error !== '' && (
        <p className="field__hint" role="alert">
          {error}
        </p>
      )}
      <TapeReading />
      <div className="measure__buttons">
        <button type="button" className="button" onClick={swap} disabled={from === null && to === null}>
          {t('tape.swap')}
        </button>
        <button type="button" className="button button--quiet" onClick={clear} disabled={from === null && to === null}>
          {t('tape.clear')}
        </button>
      </div>
      <p className="field__hint">{t('tape.wallHint')}</p>
      <p className="visually-hidden" aria-live="polite" data-tape-announce="">
        {announce}
      </p>
    </div>
  );
}
