/**
 * The teacher's Student view control, in the Experiment section: a link that hides and locks
 * chosen parts ({@link StudentViewControls}). What a student view does to a control is
 * shared/LockedNote.tsx; the link's `view=` is read and written by share/student-view.ts; the
 * store refuses what a lock holds.
 */
import { useId, useState } from 'react';
import { HIDE_NAMES, LOCK_NAMES, type HideName, type LockName } from '../../experiment/index.ts';
import { formatPlain, type MessageKey } from '../../i18n/index.ts';
import { shareLink } from '../../share/compressed-link.ts';
import { withStudentView } from '../../share/student-view.ts';
import { useSandbox, useSandboxStore } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';
import { TextField } from '../shared/TextField.tsx';

/** The label of a part a view can hide. */
const HIDE_LABELS: Readonly<Record<HideName, MessageKey>> = {
  settings: 'student.part.settings',
  classroom: 'student.part.classroom',
  experiment: 'classroom.experiment',
  predict: 'classroom.predict',
  'what-if': 'classroom.whatIf',
  readouts: 'classroom.readouts',
  reactions: 'chem.title',
  thermo: 'classroom.thermo',
  plots: 'classroom.plots',
  aids: 'classroom.aids',
  build: 'build.title',
  inspector: 'classroom.inspector',
  measure: 'classroom.measure',
  log: 'classroom.log',
};

/** The label of a thing a view can lock. */
const LOCK_LABELS: Readonly<Record<LockName, MessageKey>> = {
  preset: 'student.lock.preset',
  edits: 'student.lock.edits',
  count: 'setting.count',
  radius: 'student.lock.radius',
  speed: 'setting.speed',
  boxSize: 'setting.boxSize',
  planar: 'setting.planar',
  seed: 'setting.seed',
  restitution: 'setting.restitution',
  wallRestitution: 'setting.wallRestitution',
  gravity: 'setting.gravityOn',
  timeScale: 'setting.timeScale',
  attraction: 'settings.attraction',
};

/** A fieldset of checkboxes, one per name. */
function Choices<N extends string>({ legend, kind, names, labels, chosen, onChange }: { legend: string; kind: 'hide' | 'lock'; names: readonly N[]; labels: Readonly<Record<N, MessageKey>>; chosen: readonly N[]; onChange(next: N[]): void }) {
  const t = useT();
  const id = useId();
  return (
    <fieldset className="student__set" data-view-kind={kind}>
      <legend className="field__label">{legend}</legend>
      <div className="student__grid">
        {names.map((name) => (
          <label key={name} className="student__choice" htmlFor={`${id}-${name}`}>
            <input
              id={`${id}-${name}`}
              type="checkbox"
              name={`${kind}-${name}`}
              value={name}
              checked={chosen.includes(name)}
              onChange={(e) => onChange(e.target.checked ? [...chosen, name] : chosen.filter((n) => n !== name))}
            />
            {t(labels[name])}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The teacher's Student view control: a button that opens a panel of what to hide and what to
 * lock, and Copy student link (the experiment's link, as Copy link gives it, with `view=`). A
 * student view in effect leaves it out.
 */
export function StudentViewControls() {
  const store = useSandboxStore();
  const inEffect = useSandbox((s) => s.studentView !== null);
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [hide, setHide] = useState<HideName[]>([]);
  const [lock, setLock] = useState<LockName[]>([]);
  const [link, setLink] = useState<string | null>(null);
  const [said, setSaid] = useState<{ key: MessageKey; length?: number; max?: number } | null>(null);
  if (inEffect) return null;

  const copy = async (): Promise<void> => {
    if (hide.length + lock.length === 0) {
      setLink(null);
      setSaid({ key: 'student.nothing' });
      return;
    }
    const made = await shareLink(store.getState().experiment(), `${window.location.origin}${window.location.pathname}`);
    if (made.tooLong) {
      setLink(null);
      setSaid({ key: 'preset.picker.tooLong', length: made.queryLength, max: made.max });
      return;
    }
    const url = withStudentView(made.url, { hide, lock });
    setLink(url);
    try {
      await navigator.clipboard.writeText(url);
      setSaid({ key: 'preset.picker.copied' });
    } catch {
      setSaid({ key: 'preset.picker.copyBelow' });
    }
  };

  return (
    <div className="student" data-student-view="">
      <button type="button" className="button button--quiet" data-action="student-view" aria-expanded={open} aria-controls={open ? `${id}-body` : undefined} onClick={() => setOpen(!open)}>
        {t('student.open')}
      </button>
      {/* Drawn only while open: its labels repeat the settings' own. */}
      {open && (
        <div className="student__body" id={`${id}-body`} role="group" aria-label={t('student.title')}>
          <p className="field__hint">{t('student.hint')}</p>
          <p className="field__hint">{t('student.notSecurity')}</p>
          <Choices legend={t('student.hideLegend')} kind="hide" names={HIDE_NAMES} labels={HIDE_LABELS} chosen={hide} onChange={setHide} />
          <Choices legend={t('student.lockLegend')} kind="lock" names={LOCK_NAMES} labels={LOCK_LABELS} chosen={lock} onChange={setLock} />
          <button type="button" className="button" data-action="copy-student-link" onClick={() => void copy()}>
            {t('student.copy')}
          </button>
          <p className="experiment__copied" role="status">
            {said === null ? '' : t(said.key, { length: formatPlain(t.locale, said.length ?? 0), max: formatPlain(t.locale, said.max ?? 0) })}
          </p>
          {link !== null && (
            <TextField id={`${id}-link`} label={t('student.link')} kind="text" row={false} wide readOnly value={link} data={{ 'data-testid': 'student-link' }} />
          )}
        </div>
      )}
    </div>
  );
}
