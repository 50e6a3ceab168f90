/**
 * German texts of the states-of-matter instruments, part of the German catalogue (de.ts); the
 * same keys as states-en.ts.
 */
export const statesDe = {
  'plots.drops': 'Tropfen',
  'plots.spheres': 'Kugeln',
  'plots.inDrops': 'in Tropfen',
  'plots.largestDrop': 'größter Tropfen',
  'plots.dropsLabel': 'Kugeln in Tropfen und im größten Tropfen über der Zeit',
  'readouts.drops': 'In Tropfen',
  'readouts.dropsValue': '{inDrops} von {count} (größter Tropfen {largest})',
  'graph.group.states': 'Tropfen (mit Anziehung)',
  'graph.q.inDrops': 'Kugeln in Tropfen',
  'graph.q.largestDrop': 'Kugeln im größten Tropfen',
  'graph.q.liquidKT': 'kT der Flüssigkeit (Kugeln in Tropfen)',
  'graph.q.vapourKT': 'kT des Dampfes (Kugeln in keinem Tropfen)',
  'readouts.liquidKT': 'kT der Flüssigkeit (in Tropfen)',
  'readouts.vapourKT': 'kT des Dampfes (die übrigen)',
  'readouts.energyDepth': '{joules} J = {depth} ε',
  'settings.colorBy.neighbours': 'Nachbarn',
  'settings.legend.neighboursNone': 'frei (Gas)',
  'settings.legend.neighboursMany': 'von {count} oder mehr gehalten',
  'settings.legend.neighboursHint': 'Farbton: wie viele Nachbarn jede Kugel über eine Mulde festhalten. Ein Tropfen sind mindestens {size} zusammengehaltene Kugeln.',
  'settings.legend.neighboursLarge': 'Über 4.096 Kugeln zeigt die Ansicht stattdessen die Geschwindigkeiten.',
  'thermo.tq.title': 'Temperatur gegen zugeführte Wärme',
  'thermo.tq.summary': 'Temperatur gegen zugeführte Wärme: von Q = {q0} J bei kT {t0} J bis Q = {q1} J bei kT {t1} J; kT zwischen {low} und {high} J.',
  'thermo.tq.all': 'alle Kugeln',
  'thermo.tq.liquid': 'die Flüssigkeit (Kugeln in Tropfen), Mittel über {seconds} s',
  'thermo.tq.summaryLiquid': 'Temperatur gegen zugeführte Wärme, zwei Linien. Alle Kugeln: von Q = {q0} J bei kT {t0} J bis Q = {q1} J bei kT {t1} J, kT zwischen {low} und {high} J. Die Flüssigkeit (Kugeln in Tropfen, kT gemittelt über die letzten {seconds} s): von kT {l0} J bis {l1} J, zwischen {lLow} und {lHigh} J.',
  'describe.condensing': 'Das Gas kondensiert: {inDrops} von {count} Kugeln sind in Tropfen.',
  'describe.evaporating': 'Die Flüssigkeit verdampft: {inDrops} von {count} Kugeln sind in Tropfen.',
  'describe.dropsSteady': '{inDrops} von {count} Kugeln sind in Tropfen.',
} as const;
