/**
 * Beside the pressure map's switch, while the map is on: its colour legend in pascals (N/m in
 * planar mode) and the mean pressure on each face over the map's window. Re-rendered only when
 * the store publishes a sample.
 */
import { useStore } from 'zustand';
import { PRESSURE_RAMP, PRESSURE_WINDOW_SECONDS } from '../store/index.ts';
import { sig } from './format.ts';
import { useSandboxStore } from '../hooks/sandbox-context.ts';

/** The faces in the order of `PressureReadout.faces`, named for a reader facing the box. */
export const FACE_LABELS = ['Left wall (−x)', 'Right wall (+x)', 'Floor (−y)', 'Ceiling (+y)', 'Back wall (−z)', 'Front wall (+z)'] as const;

const GRADIENT = `linear-gradient(to right, ${PRESSURE_RAMP.map(([r, g, b]) => `rgb(${Math.round(255 * r)} ${Math.round(255 * g)} ${Math.round(255 * b)})`).join(', ')})`;

/** The legend and the per-face pressures, shown while the pressure map is on. */
export function PressureLegend() {
  const store = useSandboxStore();
  const on = useStore(store, (s) => s.aids.pressure);
  const readout = useStore(store, (s) => s.stats.pressureMap);
  if (!on) return null;
  const unit = readout.planar ? 'N/m' : 'Pa';
  const scale = readout.scale;
  return (
    <div className="pressure-legend" data-pressure-legend="">
      <div className="pressure-legend__bar" role="img" aria-label={`Colour scale: dark blue is 0, red is ${sig(scale)} ${unit}`} style={{ background: GRADIENT }} />
      <div className="pressure-legend__ticks" aria-hidden="true">
        <span>0</span>
        <span>{sig(scale / 2)}</span>
        <span data-pressure-scale="">
          {sig(scale)} {unit}
        </span>
      </div>
      <dl className="readouts" aria-label={`Pressure on each face, last ${PRESSURE_WINDOW_SECONDS} s`}>
        {FACE_LABELS.map((label, w) =>
          readout.planar && w >= 4 ? null : (
            <div className="readouts__row" key={label}>
              <dt>{label}</dt>
              <dd data-readout={`pressure-face-${w}`}>
                {sig(readout.faces[w])} {unit}
              </dd>
            </div>
          ),
        )}
      </dl>
      {readout.unplaced > 0.005 && (
        <p className="field__note" data-pressure-unplaced="">
          {`${sig(100 * readout.unplaced, 2)} % of the wall impulse came from resting contacts or unrecorded hits and is in the face totals, not on the cells.`}
        </p>
      )}
    </div>
  );
}
