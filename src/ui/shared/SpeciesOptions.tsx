/**
 * The options of a species menu: "A (species 0)", "K (catalyst) (species 2)" ... for species 0 to
 * `count` − 1, named as the running lesson names them.
 */
import { useT } from '../../hooks/use-translate.ts';
import { speciesLabel, useSpeciesNames } from './species.ts';

/** The `<option>`s of species 0 to `count` − 1. */
export function SpeciesOptions({ count }: { count: number }) {
  const t = useT();
  const names = useSpeciesNames();
  return (
    <>
      {Array.from({ length: count }, (_, k) => (
        <option key={k} value={k}>
          {t('species.option', { symbol: speciesLabel(t, k, names), number: String(k) })}
        </option>
      ))}
    </>
  );
}
