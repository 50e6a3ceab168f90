/**
 * Spanish texts of the states-of-matter instruments, part of the Spanish catalogue (es.ts); the
 * same keys as states-en.ts.
 */
export const statesEs = {
  'plots.drops': 'Gotas',
  'plots.spheres': 'esferas',
  'plots.inDrops': 'en gotas',
  'plots.largestDrop': 'gota mayor',
  'plots.dropsLabel': 'Esferas en gotas y en la gota mayor frente al tiempo',
  'readouts.drops': 'En gotas',
  'readouts.dropsValue': '{inDrops} de {count} (gota mayor {largest})',
  'graph.group.states': 'Gotas (con atracción)',
  'graph.q.inDrops': 'Esferas en gotas',
  'graph.q.largestDrop': 'Esferas en la gota mayor',
  'graph.q.liquidKT': 'kT del líquido (esferas en gotas)',
  'graph.q.vapourKT': 'kT del vapor (esferas en ninguna gota)',
  'readouts.liquidKT': 'kT del líquido (en gotas)',
  'readouts.vapourKT': 'kT del vapor (el resto)',
  'readouts.energyDepth': '{joules} J = {depth} ε',
  'settings.colorBy.neighbours': 'Vecinas',
  'settings.legend.neighboursNone': 'libre (gas)',
  'settings.legend.neighboursMany': 'sujeta por {count} o más',
  'settings.legend.neighboursHint': 'Tono: cuántas vecinas sujetan a cada esfera con un pozo. Una gota son al menos {size} esferas unidas.',
  'settings.legend.neighboursLarge': 'Con más de 4096 esferas la vista muestra las velocidades.',
  'thermo.tq.title': 'Temperatura frente al calor aportado',
  'thermo.tq.summary': 'Temperatura frente al calor aportado: de Q = {q0} J con kT {t0} J a Q = {q1} J con kT {t1} J; kT entre {low} y {high} J.',
  'thermo.tq.all': 'todas las esferas',
  'thermo.tq.liquid': 'el líquido (esferas en gotas), media de {seconds} s',
  'thermo.tq.summaryLiquid': 'Temperatura frente al calor aportado, dos líneas. Todas las esferas: de Q = {q0} J con kT {t0} J a Q = {q1} J con kT {t1} J, kT entre {low} y {high} J. El líquido (esferas en gotas, kT promediada en los últimos {seconds} s): de kT {l0} J a {l1} J, entre {lLow} y {lHigh} J.',
  'describe.condensing': 'El gas se condensa: {inDrops} de {count} esferas están en gotas.',
  'describe.evaporating': 'El líquido se evapora: {inDrops} de {count} esferas están en gotas.',
  'describe.dropsSteady': '{inDrops} de {count} esferas están en gotas.',
} as const;
