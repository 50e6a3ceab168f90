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
  // end store
};
