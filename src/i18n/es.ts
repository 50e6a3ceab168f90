/**
 * Spanish (español): the same keys as English (en.ts), with the same `{placeholders}`.
 */
import type { MessageKey } from './en.ts';

export const es: Readonly<Record<MessageKey, string>> = {
  // ── language ──
  'language.label': 'Idioma',
  'language.unknown': 'El idioma «{value}» no es uno de {list}; se usa {name}.',
  // end language

  // ── controls ──
  // end controls

  // ── classroom ──
  // end classroom

  // ── link ──
  'link.fallback': '{why} Se carga el experimento predeterminado.',
  'link.unreadable': 'No se pudo leer el enlace.',
  'link.tooLong': 'El enlace es demasiado largo ({length} caracteres, como máximo {max}).',
  'link.malformed': 'El enlace está mal formado.',
  'link.repeated': '«{key}» aparece más de una vez en el enlace; se usa el primer valor.',
  'link.unknownPreset': 'Se ignora el experimento desconocido «{value}».',
  'link.notBoolean': '{key} debe ser 1 o 0, pero es «{value}»; se ignora.',
  'link.ignored': '{problem}; se ignora.',
  'link.colour': 'El color «{value}» no es uno de {list}; se ignora.',
  'link.defaultSettings': '{problem}. Se usan los ajustes predeterminados.',
  'link.more': '…y {count} problemas más en el enlace.',
  'link.editsMalformed': 'Los cambios de esferas del enlace están mal formados; se ignoran.',
  'link.editsNotList': 'Los cambios de esferas del enlace no son una lista; se ignoran.',
  'link.editsTooMany': 'El enlace tiene {count} cambios de esferas (como máximo {max}); se ignoran.',
  'link.editNotObject': 'Un cambio de esfera del enlace no es un objeto; se ignoran los cambios.',
  'link.editNoId': 'Un cambio de esfera del enlace no tiene un id válido; se ignoran los cambios.',
  'link.editNotVector': 'El campo {field} de un cambio de esfera no son tres números finitos; se ignoran los cambios.',
  'link.editNotPositive': 'El campo {field} de un cambio de esfera no es un número positivo; se ignoran los cambios.',
  // end link

  // ── store ──
  'store.editNoSphere': 'La esfera n.º {id} no existe en este experimento; se omitió su cambio.',
  'store.editRefused': 'Se rechazó el cambio de la esfera n.º {id}: {message}',
  'store.unknownPresetFree': 'Experimento desconocido «{id}»; se carga el sandbox libre.',
  'store.unknownPreset': 'Experimento desconocido «{id}».',
  'store.twinNotStarted': 'No se inició el gemelo «¿y si…?» del enlace: {why}',
  'store.settingsUnbuildable': 'No se puede construir con estos ajustes: {message}',
  'store.sceneUnbuildable': 'No se puede construir esta escena: {message}',
  'store.workerLost': 'El worker del solver se detuvo ({why}); el experimento se reinició en la página.',
  'store.pauseToEdit': 'Pausa la simulación para editar una esfera.',
  'store.worldReturning': 'Un momento: el mundo está volviendo del worker del solver.',
  'store.noSphere': 'La esfera n.º {id} no existe.',
  'store.timelineNeedsPage': 'La línea de tiempo funciona cuando el solver se ejecuta en esta página; pausa primero.',
  'store.stepNotNumber': 'El paso debe ser un número, pero es {value}',
  'store.nothingKept': 'Aún no se ha guardado nada de esta ejecución.',
  'store.twinNeedsPage': 'El gemelo «¿y si…?» necesita el solver en esta página; pausa primero.',
  'store.noTwin': 'No hay ningún gemelo «¿y si…?» que conservar.',
  // end store
};
