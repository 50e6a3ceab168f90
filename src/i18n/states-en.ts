/**
 * English texts of the states-of-matter instruments (the drops of a gas with square wells: the
 * readout, the graph's quantities, the neighbour shading, the T–Q plot, what is described), part
 * of the English catalogue (en.ts).
 */
export const statesEn = {
  'plots.drops': 'Drops',
  'plots.spheres': 'spheres',
  'plots.inDrops': 'in drops',
  'plots.largestDrop': 'largest drop',
  'plots.dropsLabel': 'Spheres in drops and in the largest drop against time',
  'readouts.drops': 'In drops',
  'readouts.dropsValue': '{inDrops} of {count} (largest drop {largest})',
  'graph.group.states': 'Drops (with attraction)',
  'graph.q.inDrops': 'Spheres in drops',
  'graph.q.largestDrop': 'Spheres in the largest drop',
  'graph.q.liquidKT': 'kT of the liquid (spheres in drops)',
  'graph.q.vapourKT': 'kT of the vapour (spheres in no drop)',
  'readouts.liquidKT': 'Liquid kT (in drops)',
  'readouts.vapourKT': 'Vapour kT (the rest)',
  'readouts.energyDepth': '{joules} J = {depth} ε',
  'settings.colorBy.neighbours': 'Neighbours',
  'settings.legend.neighboursNone': 'free (gas)',
  'settings.legend.neighboursMany': 'held by {count} or more',
  'settings.legend.neighboursHint': 'Shade: how many neighbours a well holds each sphere to. A drop is at least {size} spheres held together.',
  'settings.legend.neighboursLarge': 'Above 4,096 spheres the view shows speeds instead.',
  'thermo.tq.title': 'Temperature against heat added',
  'thermo.tq.enlarge': 'Enlarge the T–Q plot',
  'thermo.tq.summary': 'Temperature against heat added: from Q = {q0} J at kT {t0} J to Q = {q1} J at kT {t1} J; kT between {low} and {high} J.',
  'thermo.tq.all': 'all spheres',
  'thermo.tq.liquid': 'the liquid (spheres in drops), mean over {seconds} s',
  'thermo.tq.summaryLiquid': 'Temperature against heat added, two lines. All spheres: from Q = {q0} J at kT {t0} J to Q = {q1} J at kT {t1} J, kT between {low} and {high} J. The liquid (spheres in drops, kT averaged over the last {seconds} s): from kT {l0} J to {l1} J, between {lLow} and {lHigh} J.',
  'describe.condensing': 'The gas is condensing: {inDrops} of {count} spheres are in drops.',
  'describe.evaporating': 'The liquid is evaporating: {inDrops} of {count} spheres are in drops.',
  'describe.dropsSteady': '{inDrops} of {count} spheres are in drops.',
} as const;
