/**
 * What a student view does to a control: whether it is locked (`useLocked`, `useSettingLocked`)
 * or hidden (`useHidden`), and the note a locked control is described by ({@link LockedNote}).
 * The teacher's control that makes such a view is experiment/StudentView.tsx; the link's `view=`
 * is read and written by share/student-view.ts; the store refuses what a lock holds.
 */
import { isHidden, isLocked, settingLocked, type HideName, type LockName, type SettingKey } from '../../experiment/index.ts';
import { useSandbox } from '../../hooks/sandbox-context.ts';
import { useT } from '../../hooks/use-translate.ts';

/** Whether the student view in effect locks `what` (a lock name, or a setting a lock holds). */
export function useLocked(what: LockName | SettingKey): boolean {
  return useSandbox((s) => isLocked(s.studentView, what));
}

/** Whether the student view in effect keeps setting `key` as it is (see `settingLocked`). */
export function useSettingLocked(key: SettingKey): boolean {
  return useSandbox((s) => settingLocked(s.studentView, s.preset, key));
}

/** Whether the student view in effect hides `part`. */
export function useHidden(part: HideName): boolean {
  return useSandbox((s) => isHidden(s.studentView, part));
}

/**
 * "Locked by your teacher", for a locked control's `aria-describedby={id}`. Beside a field it is
 * for screen readers only (`quiet`): the field's label shows a lock (`.field--locked`,
 * shared/fields.css) and the page's student-view note explains it once, so that a panel of locked
 * fields does not repeat the sentence under each. Elsewhere (the inspector) it is shown.
 */
export function LockedNote({ id, quiet = false }: { id: string; quiet?: boolean }) {
  const t = useT();
  return (
    <p className={quiet ? 'visually-hidden' : 'field__hint field__locked'} id={id} data-locked="">
      {t('student.locked')}
    </p>
  );
}
