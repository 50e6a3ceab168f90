/**
 * The classroom panel as a bottom sheet. In the overlay's small layout (a phone), while a Measure
 * tool picks in the view (the tape shown with its "clicks in the view set the ends" switch on), the
 * open panel shows the Measure section alone, low on the screen above the time controls, so that
 * taps on the view above it reach the spheres (classroom-sheet.css). Done turns the picking off and
 * the panel is as it was. The counter and the data table pick from lists and the selection, not in
 * the view: they leave the panel alone.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useStore } from 'zustand';
import { useSandboxStore } from '../hooks/sandbox-context.ts';
import { useT } from '../hooks/use-translate.ts';
import { useSmallLayout } from './shared/use-small-layout.ts';

/** The sheet's state: whether the panel is a sheet now, and what the polite live region says about it. */
export interface ClassroomSheet {
  sheet: boolean;
  /** Said when the panel becomes a sheet and when it is back ('' before either). */
  announce: string;
}

/**
 * Whether the open classroom panel (`panel`) is a sheet now. As it becomes one, the Measure
 * section opens; as it stops, focus left on nothing (Done has gone) moves to the tape's picking
 * switch, where the panel's keyboard user left off.
 */
export function useClassroomSheet(open: boolean, hidden: boolean, panel: RefObject<HTMLElement | null>): ClassroomSheet {
  const store = useSandboxStore();
  const t = useT();
  const small = useSmallLayout();
  const picking = useStore(store, (s) => s.tape.on && s.tape.picking);
  const sheet = open && small && picking && !hidden;
  const [announce, setAnnounce] = useState('');
  const was = useRef(sheet);
  // Whether the sheet's head was on screen (the app's small layout; an embedded sandbox keeps its panel).
  const shown = useRef(false);
  useEffect(() => {
    if (was.current === sheet) return;
    was.current = sheet;
    const root = panel.current;
    if (!root) return;
    if (sheet) {
      const measure = root.querySelector<HTMLDetailsElement>('[data-section="measure"]');
      if (measure) measure.open = true;
      // The panel's body was scrolled down to the Measure section, now the only one: its top in view.
      const body = root.querySelector('.panel__body');
      if (body) body.scrollTop = 0;
      if (document.activeElement instanceof HTMLElement && root.contains(document.activeElement)) document.activeElement.scrollIntoView({ block: 'nearest' });
      shown.current = isShown(root.querySelector('[data-sheet-head]'));
      if (shown.current) setAnnounce(t('sheet.on'));
      return;
    }
    if (!shown.current) return;
    shown.current = false;
    setAnnounce(t('sheet.off'));
    if (document.activeElement === null || document.activeElement === document.body) root.querySelector<HTMLElement>('input[name="tape-pick"]')?.focus();
  }, [sheet, panel, t]);
  return { sheet, announce };
}

/** Whether `el` is laid out on the page (not display: none, nor inside such). */
export const isShown = (el: Element | null): boolean => el !== null && el.getClientRects().length > 0;

/** The sheet's heading, what to do, and Done (which turns the picking off). */
export function SheetHead() {
  const store = useSandboxStore();
  const t = useT();
  return (
    <div className="classroom__sheet-head" data-sheet-head="">
      <h2 className="classroom__sheet-title">
        {t('sheet.title')}
      </h2>
      <button type="button" className="button button--primary" data-sheet-done="" onClick={() => store.getState().setTape({ picking: false })}>
        {t('sheet.done')}
      </button>
      <p className="field__hint classroom__sheet-hint">{t('sheet.hint')}</p>
    </div>
  );
}
