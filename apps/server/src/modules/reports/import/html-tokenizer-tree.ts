// The element stack htmlparser2's Parser keeps (v12, HTML mode), so that tags are opened and closed
// exactly when it opened and closed them: a <tr> closes an open <td>, </table> closes the cells and
// rows inside it, a close tag with no open element is ignored, void elements close at once, a
// second <form> is ignored, and <svg>/<math> change how tag names are read. The reader's rows
// depend on every one of these (a cell ends when its <td> closes, however that happens).

const pTag = new Set(['p']);
const headings = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p']);
const formTags = new Set([
  'input',
  'option',
  'optgroup',
  'select',
  'button',
  'datalist',
  'textarea',
]);
const sections = new Set(['thead', 'tbody']);
const ddt = new Set(['dd', 'dt']);
const rtp = new Set(['rt', 'rp']);

const OPEN_IMPLIES_CLOSE = new Map<string, Set<string>>([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])],
  ['a', new Set(['a'])],
  ['li', new Set(['li'])],
  ['p', pTag],
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((h) => [h, headings] as const),
  ...['select', 'input', 'output', 'button', 'datalist', 'textarea'].map(
    (f) => [f, formTags] as const,
  ),
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ['dd', ddt],
  ['dt', ddt],
  ...[
    'address',
    'article',
    'aside',
    'blockquote',
    'details',
    'div',
    'dl',
    'fieldset',
    'figcaption',
    'figure',
    'footer',
    'form',
    'header',
    'hr',
    'main',
    'nav',
    'ol',
    'pre',
    'section',
    'table',
    'ul',
  ].map((t) => [t, pTag] as const),
  ['rt', rtp],
  ['rp', rtp],
  ['tbody', sections],
  ['tfoot', sections],
]);

const VOID = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** Elements that hold HTML inside SVG or MathML; SVG's casing, as they are compared adjusted. */
const INTEGRATION = new Set([
  'mi',
  'mo',
  'mn',
  'ms',
  'mtext',
  'annotation-xml',
  'foreignObject',
  'desc',
  'title',
]);

const SVG_NAMES = new Map(
  [
    'altGlyph',
    'altGlyphDef',
    'altGlyphItem',
    'animateColor',
    'animateMotion',
    'animateTransform',
    'clipPath',
    'feBlend',
    'feColorMatrix',
    'feComponentTransfer',
    'feComposite',
    'feConvolveMatrix',
    'feDiffuseLighting',
    'feDisplacementMap',
    'feDistantLight',
    'feDropShadow',
    'feFlood',
    'feFuncA',
    'feFuncB',
    'feFuncG',
    'feFuncR',
    'feGaussianBlur',
    'feImage',
    'feMerge',
    'feMergeNode',
    'feMorphology',
    'feOffset',
    'fePointLight',
    'feSpecularLighting',
    'feSpotLight',
    'feTile',
    'feTurbulence',
    'foreignObject',
    'glyphRef',
    'linearGradient',
    'radialGradient',
    'textPath',
  ].map((name) => [name.toLowerCase(), name]),
);

const enum Foreign {
  None,
  Svg,
  MathML,
}

/** What a tag does to the stack, looked up once per tag (most tags have no entry). */
interface TagInfo {
  closes: readonly string[] | undefined;
  isVoid: boolean;
  /** The context it opens: <svg>, <math>, or HTML again inside them; -1 for none. */
  opens: Foreign | -1;
}

const TAGS = new Map<string, TagInfo>();
for (const name of new Set([
  ...OPEN_IMPLIES_CLOSE.keys(),
  ...VOID,
  ...INTEGRATION,
  'svg',
  'math',
])) {
  const closes = OPEN_IMPLIES_CLOSE.get(name);
  TAGS.set(name, {
    closes: closes === undefined ? undefined : [...closes], // an array: quicker for 1-7 names
    isVoid: VOID.has(name),
    opens:
      name === 'svg'
        ? Foreign.Svg
        : name === 'math'
          ? Foreign.MathML
          : INTEGRATION.has(name)
            ? Foreign.None
            : -1,
  });
}

export interface TreeHandler {
  onOpenTag(name: string, attrs: Readonly<Record<string, string | undefined>>): void;
  onCloseTag(name: string): void;
}

export class ElementStack {
  /** Open elements, innermost last. */
  private readonly stack: string[] = [];
  private readonly foreign: Foreign[] = [Foreign.None];
  /** The open tag being read ('' when ignored: a second <form>). */
  private tagName = '';
  private tagIsVoid = false;

  constructor(private readonly handler: TreeHandler) {}

  inForeignContext(): boolean {
    return this.foreign[this.foreign.length - 1] !== Foreign.None;
  }

  /** A lowered tag name as the parser reads it: SVG's casing inside <svg>, image as img. */
  readTagName(name: string): string {
    if (this.foreign.length === 1) return name === 'image' ? 'img' : name;
    const context = this.foreign[this.foreign.length - 1];
    if (context === Foreign.Svg) return SVG_NAMES.get(name) ?? name;
    if (this.foreign.length > 1) {
      const adjusted = SVG_NAMES.get(name);
      if (adjusted !== undefined && this.stack.includes(adjusted)) return adjusted;
    }
    if (context === Foreign.None) return name === 'image' ? 'img' : name;
    return name;
  }

  /** The open tag's name was read (its attributes follow): what it closes is closed now. */
  openTagName(name: string): void {
    this.tagName = name;
    this.tagIsVoid = false;
    if (name === 'form' && this.stack.includes('form')) {
      this.tagName = '';
      return;
    }
    const info = TAGS.get(name);
    if (info === undefined) {
      this.stack.push(name);
      return;
    }
    const closes = info.closes;
    if (closes !== undefined) {
      while (this.stack.length > 0 && closes.includes(this.stack[this.stack.length - 1] ?? '')) {
        this.pop();
      }
    }
    this.tagIsVoid = info.isVoid;
    if (info.isVoid) return;
    this.stack.push(name);
    if (info.opens !== -1) this.foreign.push(info.opens);
  }

  /** The open tag ended with '>' (or '/>' outside SVG and MathML). */
  openTagEnd(attrs: Readonly<Record<string, string | undefined>>): void {
    const name = this.tagName;
    this.tagName = '';
    if (name === '') return;
    this.handler.onOpenTag(name, attrs);
    if (this.tagIsVoid) this.handler.onCloseTag(name);
  }

  /** '/>' inside SVG or MathML: the tag closes itself. */
  selfClosingEnd(attrs: Readonly<Record<string, string | undefined>>): void {
    const name = this.tagName;
    this.openTagEnd(attrs);
    if (name !== '' && this.stack[this.stack.length - 1] === name) this.pop();
  }

  closeTag(name: string): void {
    // a void element is never on the stack: looked for first, it is not found
    let at = this.stack.length - 1;
    while (at >= 0 && this.stack[at] !== name) at--; // the innermost is the usual match
    if (at >= 0) {
      while (this.stack.length > at) this.pop();
    } else if (name === 'br') {
      this.handler.onOpenTag('br', {});
      this.handler.onCloseTag('br');
    } else if (name === 'p') {
      // </p> with no <p> open is an empty paragraph
      this.openTagName('p');
      this.selfClosingEnd({});
    }
  }

  /** End of input: every element still open closes, innermost first (the stack is left as is). */
  end(): void {
    for (let i = this.stack.length - 1; i >= 0; i--) this.handler.onCloseTag(this.stack[i] ?? '');
  }

  private pop(): void {
    const name = this.stack.pop() ?? '';
    // only an element that opened a context (svg, math, title...) pops one: none when at 1
    if (this.foreign.length > 1) {
      const opens = TAGS.get(name)?.opens;
      if (opens !== undefined && opens !== -1) this.foreign.pop();
    }
    this.handler.onCloseTag(name);
  }
}
