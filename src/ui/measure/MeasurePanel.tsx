/**
 * The Measure section of the classroom panel: a tablist of the lab bench's measuring tools — the
 * stopwatch, the collision counter, the data table of the selected spheres, the runs table, the
 * graph of any quantity and the measuring tape.
 * Each tool draws what the store publishes (a few times a second) and calls the store's actions;
 * none re-renders per frame.
 */
import { Suspense, useId, useState, type KeyboardEvent } from 'react';
import { useT } from '../../hooks/use-translate.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { CounterTool } from './CounterTool.tsx';
import { DataTableTool } from './DataTableTool.tsx';
import { RunsTool } from './RunsTool.tsx';
import { StopwatchTool } from './StopwatchTool.tsx';
import { TapeTool } from './TapeTool.tsx';
import { lazyPart, Loading } from '../shared/lazy-part.tsx';
import './measure.css';

const TOOLS = [
  ['stopwatch', 'measure.stopwatch'],
  ['counter', 'measure.counter'],
  ['table', 'measure.table'],
  ['runs', 'measure.runs'],
  ['graph', 'measure.graph'],
  ['tape', 'measure.tape'],
] as const satisfies readonly (readonly [string, MessageKey])[];

type Tool = (typeof TOOLS)[number][0];

/** The Graph tool is a chunk of its own, loaded when its tab is first chosen. */
const GraphTool = lazyPart(() => import('./GraphTool.tsx').then((m) => m.GraphTool));

/** The measuring tools, one shown at a time (arrow keys move between the tabs). */
export function MeasurePanel() {
  const t = useT();
  const id = useId();
  const [tool, setTool] = useState<Tool>('stopwatch');
  const [graphShown, setGraphShown] = useState(false);
  const choose = (name: Tool): void => {
    setTool(name);
    if (name === 'graph') setGraphShown(true);
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>): void => {
    const k = TOOLS.findIndex(([name]) => name === tool);
    const next = e.key === 'ArrowRight' ? k + 1 : e.key === 'ArrowLeft' ? k - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? TOOLS.length - 1 : null;
    if (next === null) return;
    e.preventDefault();
    const name = TOOLS[(next + TOOLS.length) % TOOLS.length][0];
    choose(name);
    document.getElementById(`${id}-tab-${name}`)?.focus();
  };
  return (
    <div className="measure">
      <div role="tablist" aria-label={t('measure.tools')} className="measure__tabs" onKeyDown={onKey}>
        {TOOLS.map(([name, label]) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`${id}-tab-${name}`}
            aria-selected={tool === name}
            aria-controls={`${id}-panel-${name}`}
            tabIndex={tool === name ? 0 : -1}
            className="measure__tab"
            onClick={() => choose(name)}
          >
            {t(label)}
          </button>
        ))}
      </div>
      {TOOLS.map(([name]) => (
        <div key={name} role="tabpanel" id={`${id}-panel-${name}`} aria-labelledby={`${id}-tab-${name}`} hidden={tool !== name} className="measure__panel" data-tool={name}>
          {name === 'stopwatch' ? <StopwatchTool /> : name === 'counter' ? <CounterTool /> : name === 'table' ? <DataTableTool /> : name === 'graph' ? graphShown && <Suspense fallback={<Loading />}><GraphTool /></Suspense> : name === 'tape' ? <TapeTool /> : <RunsTool />}
        </div>
      ))}
    </div>
  );
}
