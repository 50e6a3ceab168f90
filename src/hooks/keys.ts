/** What the page's keyboard shortcuts share: whether a key pressed belongs to the element it was pressed on. */

/** Whether a key pressed on `target` belongs to it: typing in a field (and, for Space, pressing a button or opening a summary). */
export function isTyping(target: EventTarget | null, key = ''): boolean {
  const own = key === ' ' ? ['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON', 'SUMMARY'] : ['INPUT', 'SELECT', 'TEXTAREA'];
  return target instanceof HTMLElement && (target.isContentEditable || own.includes(target.tagName));
}
