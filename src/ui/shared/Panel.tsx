/**
 * A side panel of the overlay (Settings, Classroom): a header button that opens and closes it
 * (`aria-expanded`, `aria-controls` naming the body, a chevron) and the body, hidden while closed
 * so that neither the keyboard nor a screen reader reaches into it. Whether it is open is its
 * owner's state: the classroom panel's is the overlay's, the settings panel keeps its own.
 */
import { useId, type ReactNode, type Ref } from 'react';

/** Props of {@link Panel}. */
export interface PanelProps {
  /** The panel's name (`data-panel`), for the overlay's layout and tests. */
  name: string;
  /** Its title: the header button's text and the panel's accessible name. */
  title: string;
  /** The panel's accessible name when it is not the title (the classroom panel as a bottom sheet). @defaultValue the title */
  label?: string;
  /** Whether it is open. */
  open: boolean;
  /** Called with the new state when the header button is pressed. */
  onOpenChange(open: boolean): void;
  /** A class beside `panel` (the classroom panel's `lab`). @defaultValue none */
  className?: string;
  /** The body's id, for ids inside it made from it. @defaultValue one made with `useId` */
  bodyId?: string;
  /** The panel's element. @defaultValue none */
  ref?: Ref<HTMLElement>;
  children: ReactNode;
}

/** A side panel that folds away behind its header button. */
export function Panel({ name, title, label, open, onOpenChange, className, bodyId: given, ref, children }: PanelProps) {
  const made = useId();
  const bodyId = given ?? made;
  return (
    <aside ref={ref} className={`panel${className ? ` ${className}` : ''}${open ? ' panel--open' : ''}`} aria-label={label ?? title} data-covers-view="" data-panel={name}>
      <button type="button" className="panel__toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => onOpenChange(!open)}>
        <span className="panel__title">{title}</span>
        <span className="panel__chevron" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
      </button>
      <div className="panel__body" id={bodyId} hidden={!open}>
        {children}
      </div>
    </aside>
  );
}
