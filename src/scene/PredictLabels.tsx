/**
 * Predict mode's names in the view: "Sphere #0" and "#1" beside the two spheres the panel asks
 * about, while a prediction is made, revealed or compared. Hidden from screen readers: the panel
 * reads the same names.
 */
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { useSandboxStore } from '../hooks/sandbox-context.ts';
import { useT } from '../hooks/use-translate.ts';
import { SphereLabels } from './SphereLabels.tsx';
import type { PixelRect } from './camera-home.ts';

/** The predict spheres' labels. */
export function PredictLabels({ covered }: { covered?: readonly PixelRect[] }) {
  const store = useSandboxStore();
  const t = useT();
  const ids = useStore(
    store,
    useShallow((s) => (s.predict.phase === 'predicting' || s.predict.phase === 'revealing' || s.predict.phase === 'revealed' ? s.predict.ids : [])),
  );
  const labels = useMemo(() => ids.map((id) => ({ id, text: t('predict.label', { id: String(id) }) })), [ids, t]);
  return <SphereLabels labels={labels} covered={covered} />;
}
