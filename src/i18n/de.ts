/**
 * German (Deutsch): the same keys as English (en.ts), with the same `{placeholders}`.
 */
import type { MessageKey } from './en.ts';

export const de: Readonly<Record<MessageKey, string>> = {
  // ── language ──
  'language.label': 'Sprache',
  'language.unknown': 'Die Sprache „{value}“ ist keine von {list}; {name} wird verwendet.',
  // end language

  // ── controls ──
  // end controls

  // ── classroom ──
  // end classroom

  // ── link ──
  'link.fallback': '{why} Stattdessen wird das Standardexperiment geladen.',
  'link.unreadable': 'Der Link konnte nicht gelesen werden.',
  'link.tooLong': 'Der Link ist zu lang ({length} Zeichen, höchstens {max}).',
  'link.malformed': 'Der Link ist fehlerhaft.',
  'link.repeated': '„{key}“ kommt im Link mehrmals vor; der erste Wert gilt.',
  'link.unknownPreset': 'Unbekanntes Experiment „{value}“ wird ignoriert.',
  'link.notBoolean': '{key} muss 1 oder 0 sein, ist aber „{value}“; ignoriert.',
  'link.ignored': '{problem}; ignoriert.',
  'link.colour': 'Die Farbe „{value}“ ist keine von {list}; ignoriert.',
  'link.defaultSettings': '{problem}. Stattdessen gelten die Standardeinstellungen.',
  'link.more': '…und {count} weitere Probleme im Link.',
  'link.editsMalformed': 'Die Kugeländerungen im Link sind fehlerhaft; ignoriert.',
  'link.editsNotList': 'Die Kugeländerungen im Link sind keine Liste; ignoriert.',
  'link.editsTooMany': 'Der Link hat {count} Kugeländerungen (höchstens {max}); ignoriert.',
  'link.editNotObject': 'Eine Kugeländerung im Link ist kein Objekt; Änderungen ignoriert.',
  'link.editNoId': 'Eine Kugeländerung im Link hat keine gültige Id; Änderungen ignoriert.',
  'link.editNotVector': '{field} einer Kugeländerung sind keine drei endlichen Zahlen; Änderungen ignoriert.',
  'link.editNotPositive': '{field} einer Kugeländerung ist keine positive Zahl; Änderungen ignoriert.',
  // end link

  // ── store ──
  'store.editNoSphere': 'Kugel Nr. {id} gibt es in diesem Experiment nicht; ihre Änderung wurde übersprungen.',
  'store.editRefused': 'Die Änderung von Kugel Nr. {id} wurde abgelehnt: {message}',
  'store.unknownPresetFree': 'Unbekanntes Experiment „{id}“; der freie Sandkasten wird geladen.',
  'store.unknownPreset': 'Unbekanntes Experiment „{id}“.',
  'store.twinNotStarted': 'Der Was-wäre-wenn-Zwilling des Links wurde nicht gestartet: {why}',
  'store.settingsUnbuildable': 'Mit diesen Einstellungen lässt sich nichts aufbauen: {message}',
  'store.sceneUnbuildable': 'Diese Szene lässt sich nicht aufbauen: {message}',
  'store.workerLost': 'Der Solver-Worker wurde beendet ({why}); das Experiment wurde auf der Seite neu gestartet.',
  'store.pauseToEdit': 'Halte die Simulation an, um eine Kugel zu bearbeiten.',
  'store.worldReturning': 'Einen Moment: Die Welt ist auf dem Rückweg vom Solver-Worker.',
  'store.noSphere': 'Kugel Nr. {id} gibt es nicht.',
  'store.timelineNeedsPage': 'Die Zeitleiste funktioniert, wenn der Solver auf dieser Seite läuft; zuerst anhalten.',
  'store.stepNotNumber': 'Der Schritt muss eine Zahl sein, ist aber {value}',
  'store.nothingKept': 'Von diesem Lauf ist noch nichts gespeichert.',
  'store.twinNeedsPage': 'Der Was-wäre-wenn-Zwilling braucht den Solver auf dieser Seite; zuerst anhalten.',
  'store.noTwin': 'Es gibt keinen Was-wäre-wenn-Zwilling zum Behalten.',
  // end store
};
