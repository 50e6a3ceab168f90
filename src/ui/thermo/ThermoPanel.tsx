/**
 * The Thermodynamics section of the classroom panel: the piston (the top wall: held, pushed,
 * pulled, or free under a weight), the left and right walls as heaters or coolers, "hold
 * constant" for volume, temperature or pressure, the pump, and the divider. Every control is a
 * live setting (a link carries it) except the pump, which lets spheres in once.
 */
import { useId, useState } from 'react';
import { useStore } from 'zustand';
import { checkPump, parseNumberInput, PISTON_MODES, PISTON_WALL, PUMP_MAX } from '../../experiment/index.ts';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { FieldInput, SelectField } from '../shared/TextField.tsx';
import { SpeciesOptions } from '../shared/SpeciesOptions.tsx';
import { speciesChoices, useSpeciesInPlay } from '../shared/species.ts';
import { formatPlain, plural } from '../../i18n/index.ts';
import { sig } from '../shared/format.ts';
import { NumberField } from '../shared/NumberField.tsx';
import { ToggleField } from '../shared/ToggleField.tsx';
import './thermo.css';

function PistonField() {
  const store = useSandboxStore();
  const t = useT();
  const name = useId();
  const piston = useStore(store, (s) => s.settings.piston);
  const error = useStore(store, (s) => s.errors.piston);
  // Re-read at each sample of the readouts (a few times a second), not every frame.
  useStore(store, (s) => s.stats);
  const wall = store.getState().sim.world.wallState(PISTON_WALL);
  return (
    <fieldset className="field field--segmented" data-setting="piston">
      <legend className="field__label">{t('setting.piston')}</legend>
      <div className="segmented">
        {PISTON_MODES.map((mode) => (
          <label key={mode} className={`segmented__option${piston === mode ? ' segmented__option--on' : ''}`}>
            <input type="radio" name={name} value={mode} checked={piston === mode} onChange={() => store.getState().applySetting('piston', mode)} />
            {t(`thermo.piston.${mode}`)}
          </label>
        ))}
      </div>
      {error && (
        <p className="field__message field__message--error" role="alert">
          {error}
        </p>
      )}
      <p className="field__hint" data-piston-now="">
        {t('thermo.piston.now', { position: sig(wall.position, 3, t.locale), velocity: sig(wall.velocity, 3, t.locale) })}
      </p>
    </fieldset>
  );
}

function HoldButtons() {
  const store = useSandboxStore();
  const t = useT();
  const [note, setNote] = useState<string | null>(null);
  const labelId = useId();
  const hold = (what: 'volume' | 'temperature' | 'pressure'): void => {
    const s = store.getState();
    setNote(null);
    if (what === 'volume') s.applySetting('piston', 'held');
    else if (what === 'temperature') {
      const kT = Number(s.stats.temperature.toPrecision(4));
      s.applySettings({ leftThermal: true, rightThermal: true, leftKT: kT, rightKT: kT });
    } else {
      const size = s.sim.world.size;
      const area = s.settings.planar || s.sim.world.options.planar ? size[0] : size[0] * size[2];
      const p = s.stats.pressureMeasured;
      if (!(p > 0)) {
        setNote(t('thermo.hold.noPressure'));
        return;
      }
      s.applySettings({ piston: 'free', pistonForce: Number((p * area).toPrecision(4)) });
    }
  };
  return (
    <div className="field" role="group" aria-labelledby={labelId} data-thermo="hold">
      <p className="field__label" id={labelId}>
        {t('thermo.hold')}
      </p>
      <div className="thermo__buttons">
        {(['volume', 'temperature', 'pressure'] as const).map((what) => (
          <button key={what} type="button" className="button" data-hold={what} onClick={() => hold(what)}>
            {t(`thermo.hold.${what}`)}
          </button>
        ))}
      </div>
      <p className="field__hint">{t('thermo.hold.hint')}</p>
      {note && (
        <p className="field__message field__message--error" role="alert">
          {note}
        </p>
      )}
    </div>
  );
}

function Pump() {
  const store = useSandboxStore();
  const t = useT();
  const id = useId();
  const [count, setCount] = useState('20');
  const [kT, setKT] = useState(() => formatPlain(t.locale, Number((store.getState().stats.temperature || 0.02).toPrecision(3))));
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  // In a chemistry scene the pump lets in a species of your choice (a reactant, for Le Chatelier).
  const chemistry = useSpeciesInPlay();
  const [species, setSpecies] = useState('0');
  const pump = (): void => {
    const n = parseNumberInput(count, t.locale !== 'en');
    const k = parseNumberInput(kT, t.locale !== 'en');
    const problem = checkPump(typeof n === 'number' ? n : NaN, typeof k === 'number' ? k : NaN, t);
    const refused = problem ?? store.getState().pump(n as number, k as number, chemistry ? Number(species) : 0);
    setMessage(refused === null ? { text: plural(t, 'thermo.pump.done', n as number, { count: formatPlain(t.locale, n as number) }), error: false } : { text: refused, error: true });
  };
  return (
    <div className="field" data-thermo="pump">
      <FieldInput id={`${id}-count`} label={t('thermo.pump.countLabel')} kind="numeric" value={count} max={PUMP_MAX} onChange={setCount} />
      <FieldInput id={`${id}-kT`} label={t('thermo.pump.kTLabel')} value={kT} onChange={setKT} />
      {chemistry && (
        <SelectField label={t('chem.pump.speciesLabel')} id={`${id}-species`} name="pump-species" value={species} onChange={setSpecies} data={{ 'data-thermo': 'pump-species' }}>
          <SpeciesOptions count={speciesChoices(store.getState().instruments.reactions.last.counts)} />
        </SelectField>
      )}
      <button type="button" className="button" data-action="pump" onClick={pump}>
        {t('thermo.pump.button')}
      </button>
      {message && (
        <p className={message.error ? 'field__message field__message--error' : 'field__hint'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
    </div>
  );
}

/** The Thermodynamics controls. */
export function ThermoPanel() {
  const store = useSandboxStore();
  const t = useT();
  const piston = useStore(store, (s) => s.settings.piston);
  const left = useStore(store, (s) => s.settings.leftThermal);
  const right = useStore(store, (s) => s.settings.rightThermal);
  const kT = useStore(store, (s) => s.stats.temperature);
  const moving = piston === 'push' || piston === 'pull';
  return (
    <div className="thermo">
      <p className="field__hint">{t('thermo.hint')}</p>
      <PistonField />
      <NumberField setting="pistonSpeed" disabled={!moving} />
      <NumberField setting="pistonForce" disabled={piston !== 'free'} />
      <NumberField setting="pistonMass" disabled={piston !== 'free'} />
      <h3 className="field__label thermo__heading">{t('thermo.heat')}</h3>
      <p className="field__hint" data-gas-kt="">
        {t('thermo.gasKT', { kT: sig(kT, 3, t.locale) })}
      </p>
      <ToggleField setting="leftThermal" />
      <NumberField setting="leftKT" disabled={!left} />
      <ToggleField setting="rightThermal" />
      <NumberField setting="rightKT" disabled={!right} />
      <HoldButtons />
      <ToggleField setting="divider" />
      <p className="field__hint">{t('thermo.divider.hint')}</p>
      <details className="thermo__pump">
        <summary>{t('thermo.pump')}</summary>
        <Pump />
      </details>
    </div>
  );
}
