/**
 * Build mode's wells between species: the list of the built scene's square wells (each pair, its
 * depth and range, with a button that removes it) and a small form that adds one (two species, a
 * depth, a range). Each change is a build edit (undone like the others); a refused one shows its
 * message, naming the value, under the form. The well between every pair is the Attraction setting.
 */
import { useState } from 'react';
import { useStore } from 'zustand';
import { readNumber } from '../../experiment/index.ts';
import type { Well } from '../../solver/index.ts';
import { formatPlain } from '../../i18n/index.ts';
import { useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { SelectField, TextField } from '../shared/TextField.tsx';
import { SpeciesOptions } from '../shared/SpeciesOptions.tsx';
import { speciesChoices, speciesLabel, useSpeciesNames } from '../shared/species.ts';

const NONE: readonly Well[] = [];

/** The wells between species of the built scene, and adding one. */
export function WellsEditor() {
  const store = useSandboxStore();
  const t = useT();
  const names = useSpeciesNames();
  const wells = useStore(store, (s) => s.built?.wells ?? NONE);
  const [a, setA] = useState(0);
  const [b, setB] = useState(1);
  const [depth, setDepth] = useState('0.5');
  const [range, setRange] = useState('1.5');
  const [error, setError] = useState<string | null>(null);
  const num = (x: number): string => formatPlain(t.locale, Number(x.toPrecision(6)));
  const comma = t.locale !== 'en';
  const choices = speciesChoices(store.getState().instruments.reactions.last.counts);

  const add = (): void => {
    const d = readNumber(depth, t('build.field.wellDepth'), comma, t);
    if (typeof d === 'string') return setError(d);
    const r = readNumber(range, t('build.field.wellRange'), comma, t);
    if (typeof r === 'string') return setError(r);
    setError(store.getState().buildSetWells([...wells, { between: [a, b], range: r, depth: d }]));
  };
  const remove = (k: number): void => setError(store.getState().buildSetWells(wells.filter((_, i) => i !== k)));

  return (
    <fieldset className="build__set" data-build="wells">
      <legend>{t('build.wellsLegend')}</legend>
      <p className="field__hint">{t('build.wellsHint')}</p>
      {wells.length === 0 ? (
        <p className="field__hint" data-testid="build-wells-none">
          {t('build.wellsNone')}
        </p>
      ) : (
        <ul className="build__wells">
          {wells.map((w, k) => {
            const [p, q] = w.between ?? [0, 0];
            const pa = speciesLabel(t, p, names);
            const pb = speciesLabel(t, q, names);
            return (
              <li key={k} data-well={k}>
                <span>{t('build.wellItem', { a: pa, b: pb, depth: num(w.depth), range: num(w.range) })}</span>
                <button type="button" className="button button--quiet" data-action="build-well-remove" aria-label={t('build.wellRemoveLabel', { a: pa, b: pb })} onClick={() => remove(k)}>
                  {t('build.wellRemove')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <SelectField label={t('build.wellA')} name="well-a" value={a} data={{ 'data-build': 'well-a' }} onChange={(v) => setA(Number(v))}>
        <SpeciesOptions count={choices} />
      </SelectField>
      <SelectField label={t('build.wellB')} name="well-b" value={b} data={{ 'data-build': 'well-b' }} onChange={(v) => setB(Number(v))}>
        <SpeciesOptions count={choices} />
      </SelectField>
      <TextField label={t('build.field.wellDepth')} unit="(J)" name="well-depth" value={depth} fieldData={{ 'data-build-field': 'well-depth' }} onChange={setDepth} />
      <TextField label={t('build.field.wellRange')} name="well-range" value={range} fieldData={{ 'data-build-field': 'well-range' }} onChange={setRange} />
      <button type="button" className="button" data-action="build-well-add" onClick={add}>
        {t('build.wellAdd')}
      </button>
      <p className={error ? 'field__message field__message--error' : 'field__hint'} role={error ? 'alert' : undefined} data-testid="build-wells-message">
        {error ?? ''}
      </p>
    </fieldset>
  );
}
