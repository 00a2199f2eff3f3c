// Tag and attribute names read without a new string each time: a report has a million tags and
// a few dozen names, so a name is matched (ignoring ASCII case) against the ones it uses and the
// known string returned; any other name is sliced and lowered as usual.

const KNOWN = [
  // most frequent first: they are tried in order
  'td',
  'tr',
  'th',
  'b',
  'br',
  'div',
  'table',
  'tbody',
  'thead',
  'html',
  'head',
  'body',
  'meta',
  'title',
  'style',
  'script',
  'font',
  'span',
  'img',
  'col',
  'colgroup',
  'p',
  'a',
  'i',
  'u',
  'center',
  'nobr',
  'small',
  'hr',
  'link',
  'class',
  'colspan',
  'name',
  'content',
  'nowrap',
  'align',
  'bgcolor',
  'width',
  'height',
  'cellspacing',
  'cellpadding',
  'border',
  'type',
];

const BY_LENGTH: string[][] = [];
for (const name of KNOWN) (BY_LENGTH[name.length] ??= []).push(name);

/** `text[start..end)` lowered as String#toLowerCase would (htmlparser2 lowers names so). */
export function lowerName(text: string, start: number, end: number): string {
  // every known name is lower-case letters: c | 0x20 equals one only for it or its capital
  if (end - start === 2 && (text.charCodeAt(start) | 0x20) === 0x74) {
    const second = text.charCodeAt(start + 1) | 0x20;
    if (second === 0x64) return 'td';
    if (second === 0x72) return 'tr';
    if (second === 0x68) return 'th';
  }
  const list = BY_LENGTH[end - start];
  if (list !== undefined) {
    next: for (const name of list) {
      for (let k = 0; k < name.length; k++) {
        if ((text.charCodeAt(start + k) | 0x20) !== name.charCodeAt(k)) continue next;
      }
      return name;
    }
  }
  return text.slice(start, end).toLowerCase();
}
