/**
 * Beside the pressure map's switch, while the map is on: its colour legend in pascals (N/m in
 * planar mode) and the mean pressure on each face over the map's window. Re-rendered only when
 * the store publishes a sample.
 */
import { useStore } from 'zustand';
import { PRESSURE_RAMP, PRESSURE_WINDOW_SECONDS } from '../../instruments/index.ts';
import { sig } from '../shared/format.ts';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import type { MessageKey } from '../../i18n/index.ts';

/** The catalogue keys of the faces, in the order of `PressureReadout.faces`, named for a reader facing the box. */
export const FACE_LABELS: readonly MessageKey[] = ['pressure.face.left', 'pressure.face.right', 'pressure.face.floor', 'pressure.face.ceiling', 'pressure.face.back', 'pressure.face.front'];

const GRADIENT = `linear-gradient(to right, ${PRESSURE_RAMP.map(([r, g, b]) => `rgb(${Math.round(255 * r)} ${Math.round(255 * g)} ${Math.round(255 * b)})`).join(', ')})`;

/** The legend and the per-face pressures, shown while the pressure map is on. */
export function PressureLegend() {
  const store = useSandboxStore();
  const t = useT();
  const locale = t.locale;
  const on = useStore(store, (s) => s.aids.pressure);
  const readout = useStore(store, (s) => s.stats.pressureMap);
  if (!on) return null;
  const unit = readout.planar ? 'N/m' : 'Pa';
  const scale = readout.scale;
  const low = readout.low;
  return (
    <div className="pressure-legend" data-pressure-legend="">
      <div className="pressure-legend__bar" role="img" aria-label={t('pressure.scale', { low: sig(low, 4, locale), value: sig(scale, 4, locale), unit })} style={{ background: GRADIENT }} />
      <div className="pressure-legend__ticks" aria-hidden="true">
        <span data-pressure-low="">{sig(low, 4, locale)}</span>
        <span>{sig((low + scale) / 2, 4, locale)}</span>
        <span data-pressure-scale="">
          {sig(scale, 4, locale)} {unit}
        </span>
      </div>
      <dl className="readouts" aria-label={t('pressure.faces', { seconds: PRESSURE_WINDOW_SECONDS })}>
        {FACE_LABELS.map((label, w) =>
          readout.planar && w >= 4 ? null : (
            <div className="readouts__row" key={label}>
              <dt>{t(label)}</dt>
              <dd data-readout={`pressure-face-${w}`}>
                {sig(readout.faces[w], 4, locale)} {unit}
              </dd>
            </div>
          ),
        )}
      </dl>
      {readout.unplaced > 0.005 && (
        <p className="field__note" data-pressure-unplaced="">
          {t('pressure.unplaced', { percent: sig(100 * readout.unplaced, 2, locale) })}
        </p>
      )}
    </div>
  );
}
