/**
 * The plots enlarged over the scene, for a projector: the same three live plots, energy across the
 * view and momentum and speeds side by side below, with larger text and thicker lines (larger
 * still in large-text mode); or, given a `body`, another diagram in their place (the P–V diagram
 * with its recorded runs). A modal dialog:
 * focus moves to its Close button, Escape or Close shuts it and focus returns where it was.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../../hooks/use-translate.ts';
import { Plots } from './Plots.tsx';
import './readouts.css';

/** Props of {@link PlotsDialog}. */
export interface PlotsDialogProps {
  /** Large-text mode: larger axis text still. */
  largeText: boolean;
  /** Closes the dialog. */
  onClose(): void;
  /** A further plot across the dialog under the others (the concentrations of a chemistry lesson), drawn at the given size. @defaultValue none */
  extra?: (size: { width: number; height: number; fontPx: number }) => ReactNode;
  /** The dialog's title. @defaultValue "Plots" */
  title?: string;
  /** One diagram across the whole dialog in place of the plots, drawn at the given size. @defaultValue none (the plots) */
  body?: (size: { width: number; height: number; fontPx: number }) => ReactNode;
}

/** Axis text in the enlarged plots, CSS pixels (normal, large text). */
const FONT_PX = [16, 21] as const;

/** Space between the two plots of the lower row, CSS pixels (matches the stylesheet's gap). */
const GAP_PX = 16;

/**
 * Sizes for a dialog body of `width` x `height` CSS pixels: the energy plot across the top, the
 * momentum and speed plots side by side below it (and `rows` 3: a further plot across the bottom),
 * each drawing area its row's share of the height less the
 * title above it and the legend below it (about five lines of text).
 */
function plotSizes(width: number, height: number, fontPx: number, rows: number): { width: number; energyWidth: number; height: number } {
  const chrome = 5 * fontPx + 16;
  return {
    energyWidth: Math.max(240, Math.floor(width)),
    width: Math.max(200, Math.floor((width - GAP_PX) / 2)),
    height: Math.max(110, Math.floor(height / rows - chrome)),
  };
}

/** The enlarged plots. */
export function PlotsDialog({ largeText, onClose, extra, title, body }: PlotsDialogProps) {
  const titleId = useId();
  const t = useT();
  const bodyRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const [box, setBox] = useState<{ width: number; height: number } | null>(null);
  const fontPx = FONT_PX[largeText ? 1 : 0];

  // Fit the plots to the body, again when the window (and so the dialog) changes size.
  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    const measure = (): void => {
      const { width, height } = body.getBoundingClientRect();
      setBox((old) => (old && Math.abs(old.width - width) < 1 && Math.abs(old.height - height) < 1 ? old : { width, height }));
    };
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(body);
    return () => observer?.disconnect();
  }, []);

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      before?.focus();
    };
  }, [onClose]);

  const size = box ? plotSizes(box.width, box.height, fontPx, body ? 1 : extra ? 3 : 2) : null;
  return (
    <div className="plots-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
      <div className="plots-dialog__header">
        <h2 className="plots-dialog__title" id={titleId}>
          {title ?? t('plots.title')}
        </h2>
        <button ref={closeRef} type="button" className="button" onClick={onClose}>
          {t('plots.close')} <kbd>Esc</kbd>
        </button>
      </div>
      <div className="plots-dialog__body" ref={bodyRef}>
        {size && body?.({ width: size.energyWidth, height: size.height, fontPx })}
        {size && !body && <Plots width={size.width} energyWidth={size.energyWidth} height={size.height} fontPx={fontPx} />}
        {size && !body && extra?.({ width: size.energyWidth, height: size.height, fontPx })}
      </div>
    </div>
  );
}
