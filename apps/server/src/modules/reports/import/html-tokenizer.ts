import { DecodingMode, decodeHTML } from 'entities/decode';
import { lowerName } from './html-tokenizer-names.js';
import { ElementStack, type TreeHandler } from './html-tokenizer-tree.js';

// A streaming HTML reader built for the import: it opens and closes tags, and decodes text and
// attributes, exactly as htmlparser2 12 did for html.ts (its Tokenizer's states, ported; its
// Parser's element stack in html-tokenizer-tree.ts), but it skips what the import does not read.
// Text is scanned with indexOf and sliced only while `captureText` is set (inside a cell);
// attributes are kept only for the tags and names asked for, in one object reused per tag;
// comments, <script>/<style> and declarations are skipped to their end. A chunk may end anywhere:
// what is unfinished (a name, a value, "&am" of an entity, "</scr" in a script) is carried over.

export interface HtmlHandler extends TreeHandler {
  /** Text while `captureText` is set, entities decoded; pieces concatenate to the text. */
  onText(text: string): void;
}

export interface HtmlTokenizerOptions {
  /** Tags whose attributes are read ('meta', 'td'...); others get an empty object. */
  attributeTags: readonly string[];
  /** Attribute names read on those tags (lower case); the first of a name wins. */
  attributeNames: readonly string[];
}

const enum S {
  Text = 1,
  BeforeTagName,
  InTagName,
  InSelfClosingTag,
  BeforeClosingTagName,
  InClosingTagName,
  AfterClosingTagName,
  BeforeAttributeName,
  InAttributeName,
  AfterAttributeName,
  BeforeAttributeValue,
  InAttributeValueDq,
  InAttributeValueSq,
  InAttributeValueNq,
  BeforeDeclaration,
  InDeclaration,
  BeforeComment,
  CdataSequence,
  DeclarationSequence,
  InSpecialComment,
  InCommentLike,
  SpecialStartSequence,
  InSpecialTag,
  InPlainText,
}

const codes = (text: string) => Array.from(text, (ch) => ch.charCodeAt(0));

// End sequences of the raw-text and RCDATA elements, '</' included (htmlparser2's Sequences).
const SEQ = {
  cdata: codes('CDATA['),
  cdataEnd: codes(']]>'),
  commentEnd: codes('--!>'),
  doctype: codes('doctype'),
  iframe: codes('</iframe'),
  noembed: codes('</noembed'),
  noframes: codes('</noframes'),
  plaintext: codes('</plaintext'),
  script: codes('</script'),
  style: codes('</style'),
  title: codes('</title'),
  textarea: codes('</textarea'),
  xmp: codes('</xmp'),
  empty: [] as number[],
};
/** By the lowered first letter of an open tag: the raw-text element it may be. */
const SPECIAL_START: (number[] | undefined)[] = [];
for (const s of [SEQ.iframe, SEQ.noembed, SEQ.plaintext, SEQ.script, SEQ.title, SEQ.xmp]) {
  SPECIAL_START[s[2] ?? 0] = s;
}
/** Whether `lower`, after the first letter, may still spell the raw-text element `seq`. */
const mayContinue = (seq: number[], lower: number) =>
  lower === seq[3] ||
  (seq === SEQ.script && lower === SEQ.style[3]) ||
  (seq === SEQ.title && lower === SEQ.textarea[3]);
const seqName = (seq: number[]) => String.fromCharCode(...seq.slice(2));
/** Entity names and numbers: a text ending in "&" and these may still be an unfinished entity. */
const ENTITY_TAIL = /^[#0-9A-Za-z]*$/;

function isWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0c || c === 0x0d;
}
function isEndOfTagSection(c: number): boolean {
  return c === 0x2f || c === 0x3e || isWhitespace(c);
}
function isAsciiAlpha(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}

/** Shared by every tag without kept attributes; frozen, as the handler must not write to it. */
const NO_ATTRIBUTES: Record<string, string | undefined> = Object.freeze({});

export class HtmlTokenizer {
  /** Set by the handler while text is wanted (inside a cell); text outside is never built. */
  captureText = false;

  private readonly tree: ElementStack;
  private readonly attributeTags: readonly string[];
  private readonly attributeNames: readonly string[];
  /** The tag's kept attributes: made when the first is kept, so a bare <td> makes none. */
  private attrs: Record<string, string | undefined> = NO_ATTRIBUTES;
  private tagAttrs = false;
  private attrName: string | null = null;

  private state = S.Text;
  private buf = '';
  /** Start of the current section in `buf`, -1 for none; `carry` holds its earlier chunks. */
  private sectionStart = 0;
  private carry = '';
  private seq: number[] = SEQ.empty;
  private seqIndex = 0;
  private isSpecial = false;
  /** Characters before `buf`, to tell "<!-->" (a comment closed at once) from "<!-- -->". */
  private base = 0;
  private commentStart = 0;
  /** CDATA inside SVG/MathML is text: kept while text is captured. */
  private keepCdata = false;

  constructor(
    private readonly handler: HtmlHandler,
    options: HtmlTokenizerOptions,
  ) {
    this.tree = new ElementStack(handler);
    this.attributeTags = [...options.attributeTags];
    this.attributeNames = [...options.attributeNames];
  }

  write(chunk: string): void {
    this.buf = chunk;
    this.parse();
    this.base += chunk.length;
    this.buf = '';
  }

  end(): void {
    const s = this.state;
    const rest = this.carry; // what the last chunk left unfinished
    if (this.captureText && rest !== '') {
      if (s === S.Text || (s === S.InSpecialTag && this.isRcdata())) this.emit(rest, true);
      else if (
        s === S.BeforeTagName ||
        s === S.BeforeClosingTagName ||
        s === S.SpecialStartSequence ||
        s === S.InSpecialTag ||
        s === S.InPlainText
      ) {
        this.emit(rest, false);
      }
      // htmlparser2 emits a slice at index -1 here in InSelfClosingTag and AfterClosingTagName
      // (a file cut inside "<b/" or "</b "): junk, left out.
    }
    this.carry = '';
    this.tree.end();
  }

  private isRcdata(): boolean {
    return this.seq === SEQ.title || this.seq === SEQ.textarea;
  }

  private emit(raw: string, decode: boolean): void {
    if (raw === '') return;
    this.handler.onText(decode && raw.includes('&') ? decodeHTML(raw, DecodingMode.Legacy) : raw);
  }

  /** Text from the section start to `end`, carried chunks first; the section moves to `end`. */
  private takeSection(end: number): string {
    const text = this.carry + this.buf.slice(this.sectionStart, end);
    this.carry = '';
    return text;
  }

  private setSection(at: number): void {
    this.sectionStart = at;
    this.carry = '';
  }

  /** Emits text up to `end`, keeping an entity that the next chunk may finish. */
  private emitTextUpTo(end: number, chunkEnd: boolean): void {
    const raw = this.takeSection(end);
    this.sectionStart = end;
    if (!chunkEnd) {
      this.emit(raw, true);
      return;
    }
    const amp = raw.lastIndexOf('&');
    if (amp >= 0 && ENTITY_TAIL.test(raw.slice(amp + 1))) {
      this.emit(raw.slice(0, amp), true);
      this.carry = raw.slice(amp);
    } else this.emit(raw, true);
  }

  /** The section's name, lowered; a name split across chunks is joined first. */
  private sectionName(end: number): string {
    if (this.carry === '') return lowerName(this.buf, this.sectionStart, end);
    return this.takeSection(end).toLowerCase();
  }

  private openTagName(end: number): void {
    const name = this.tree.readTagName(this.sectionName(end));
    this.tree.openTagName(name);
    this.tagAttrs = this.attributeTags.includes(name);
    this.attrs = NO_ATTRIBUTES;
    this.sectionStart = -1;
  }

  private openTagEnd(): void {
    this.tree.openTagEnd(this.attrs);
  }

  private attributeName(end: number): void {
    if (!this.tagAttrs) {
      this.attrName = null;
      this.carry = '';
      return;
    }
    const name = this.sectionName(end);
    this.carry = '';
    this.attrName =
      this.attributeNames.includes(name) && this.attrs[name] === undefined ? name : null;
  }

  private attributeEnd(end: number): void {
    const name = this.attrName;
    if (name !== null) {
      const raw = end < 0 ? '' : this.takeSection(end);
      if (this.attrs === NO_ATTRIBUTES) this.attrs = {};
      this.attrs[name] = raw.includes('&') ? decodeHTML(raw, DecodingMode.Attribute) : raw;
      this.attrName = null;
    }
    this.carry = '';
    this.sectionStart = -1;
  }

  /** After '>' of an open tag: raw text, plain text, or markup. */
  private enterTagBody(): void {
    if (this.seq === SEQ.plaintext) {
      this.seq = SEQ.empty;
      this.state = S.InPlainText;
    } else if (this.isSpecial) {
      this.state = S.InSpecialTag;
      this.seqIndex = 0;
    } else this.state = S.Text;
  }

  private comment(at: number): void {
    this.state = S.Text;
    this.setSection(at + 1);
  }

  private parse(): void {
    const buf = this.buf;
    const len = buf.length;
    let i = 0;
    while (i < len) {
      const c = buf.charCodeAt(i);
      switch (this.state) {
        case S.Text: {
          const lt = buf.indexOf('<', i);
          if (lt < 0) {
            i = len;
            break;
          }
          if (this.captureText) this.emitTextUpTo(lt, false);
          const next = this.plainTag(lt);
          if (next >= 0) {
            i = next;
            break;
          }
          this.state = S.BeforeTagName;
          this.setSection(lt);
          i = lt + 1;
          break;
        }
        case S.BeforeTagName:
          if (c === 0x21) {
            this.state = S.BeforeDeclaration;
            this.setSection(i + 1);
          } else if (c === 0x3f) {
            this.state = S.InSpecialComment;
            this.setSection(i);
          } else if (isAsciiAlpha(c)) {
            this.setSection(i);
            const special = this.tree.inForeignContext() ? undefined : SPECIAL_START[c | 0x20];
            if (special === undefined) this.state = S.InTagName;
            else if (i + 1 < len && !mayContinue(special, buf.charCodeAt(i + 1) | 0x20)) {
              // "<td", "<tr": not "<title", as specialStart would find at the next character
              this.isSpecial = false;
              this.seq = SEQ.empty;
              this.state = S.InTagName;
            } else {
              this.isSpecial = true;
              this.seq = special;
              this.seqIndex = 3;
              this.state = S.SpecialStartSequence;
            }
          } else if (c === 0x2f) {
            this.state = S.BeforeClosingTagName;
          } else {
            // not a tag: "<" is text, and c is read again as text
            this.state = S.Text;
            if (!this.captureText) this.setSection(i);
            continue;
          }
          i++;
          break;
        case S.SpecialStartSequence:
          if (!this.specialStart(c)) i++;
          break;
        case S.InTagName: {
          let j = i;
          while (j < len && !isEndOfTagSection(buf.charCodeAt(j))) j++;
          if (j === len) {
            i = len;
            break;
          }
          this.openTagName(j);
          this.state = S.BeforeAttributeName;
          i = j;
          break;
        }
        case S.BeforeAttributeName:
          if (c === 0x3e) {
            this.openTagEnd();
            this.enterTagBody();
            this.setSection(i + 1);
          } else if (c === 0x2f) {
            this.state = S.InSelfClosingTag;
          } else if (isWhitespace(c)) {
            while (i + 1 < len && isWhitespace(buf.charCodeAt(i + 1))) i++;
          } else {
            this.state = S.InAttributeName;
            this.setSection(i);
          }
          i++;
          break;
        case S.InAttributeName: {
          let j = i;
          for (; j < len; j++) {
            const d = buf.charCodeAt(j);
            if (d === 0x3d || isEndOfTagSection(d)) break;
          }
          if (j === len) {
            i = len;
            break;
          }
          this.attributeName(j);
          const quote = j + 1 < len && buf.charCodeAt(j) === 0x3d ? buf.charCodeAt(j + 1) : 0;
          if (quote === 0x22 || quote === 0x27) {
            // name="value": straight to the value (AfterAttributeName, BeforeAttributeValue)
            this.state = quote === 0x22 ? S.InAttributeValueDq : S.InAttributeValueSq;
            this.setSection(j + 2);
            i = j + 2;
            break;
          }
          this.setSection(j);
          this.state = S.AfterAttributeName;
          i = j;
          break;
        }
        case S.AfterAttributeName:
          if (c === 0x3d) {
            this.state = S.BeforeAttributeValue;
          } else if (c === 0x2f || c === 0x3e) {
            this.attributeEnd(-1);
            this.state = S.BeforeAttributeName;
            continue;
          } else if (!isWhitespace(c)) {
            this.attributeEnd(-1);
            this.state = S.InAttributeName;
            this.setSection(i);
          }
          i++;
          break;
        case S.BeforeAttributeValue:
          if (c === 0x22 || c === 0x27) {
            this.state = c === 0x22 ? S.InAttributeValueDq : S.InAttributeValueSq;
            this.setSection(i + 1);
          } else if (!isWhitespace(c)) {
            this.setSection(i);
            this.state = S.InAttributeValueNq;
            continue;
          }
          i++;
          break;
        case S.InAttributeValueDq:
        case S.InAttributeValueSq: {
          const q = buf.indexOf(this.state === S.InAttributeValueDq ? '"' : "'", i);
          if (q < 0) {
            i = len;
            break;
          }
          this.attributeEnd(q);
          this.state = S.BeforeAttributeName;
          i = q + 1;
          break;
        }
        case S.InAttributeValueNq: {
          let j = i;
          for (; j < len; j++) {
            const d = buf.charCodeAt(j);
            if (d === 0x3e || isWhitespace(d)) break;
          }
          if (j === len) {
            i = len;
            break;
          }
          this.attributeEnd(j);
          this.state = S.BeforeAttributeName;
          i = j;
          break;
        }
        case S.InSelfClosingTag:
          if (c === 0x3e) {
            if (this.tree.inForeignContext()) this.tree.selfClosingEnd(this.attrs);
            else this.openTagEnd();
            this.setSection(i + 1);
            this.enterTagBody();
          } else if (!isWhitespace(c)) {
            this.state = S.BeforeAttributeName;
            continue;
          }
          i++;
          break;
        case S.BeforeClosingTagName:
          if (c === 0x3e) {
            this.state = S.Text;
          } else {
            this.state = isAsciiAlpha(c) ? S.InClosingTagName : S.InSpecialComment;
          }
          this.setSection(c === 0x3e ? i + 1 : i);
          i++;
          break;
        case S.InClosingTagName: {
          let j = i;
          while (j < len && !isEndOfTagSection(buf.charCodeAt(j))) j++;
          if (j === len) {
            i = len;
            break;
          }
          this.tree.closeTag(this.tree.readTagName(this.sectionName(j)));
          this.carry = '';
          this.sectionStart = -1;
          this.state = S.AfterClosingTagName;
          if (buf.charCodeAt(j) === 0x3e) {
            this.comment(j); // "</td>": straight back to text
            j++;
          }
          i = j;
          break;
        }
        case S.AfterClosingTagName:
        case S.InSpecialComment:
        case S.InDeclaration: {
          const gt = buf.indexOf('>', i);
          if (gt < 0) {
            i = len;
            break;
          }
          this.comment(gt);
          i = gt + 1;
          break;
        }
        case S.BeforeDeclaration:
          if (c === 0x5b) {
            this.state = S.CdataSequence;
            this.seqIndex = 0;
          } else if ((c | 0x20) === 0x64) {
            this.state = S.DeclarationSequence;
            this.seq = SEQ.doctype;
            this.seqIndex = 1;
          } else if (c === 0x3e) {
            this.comment(i);
          } else {
            this.state = c === 0x2d ? S.BeforeComment : S.InSpecialComment;
          }
          i++;
          break;
        case S.CdataSequence:
          if (c === SEQ.cdata[this.seqIndex]) {
            if (++this.seqIndex === SEQ.cdata.length) {
              this.state = S.InCommentLike;
              this.seq = SEQ.cdataEnd;
              this.seqIndex = 0;
              this.setSection(i + 1);
              this.keepCdata = this.captureText && this.tree.inForeignContext();
            }
            i++;
          } else {
            this.seqIndex = 0;
            this.state = S.InSpecialComment;
          }
          break;
        case S.DeclarationSequence:
          if (this.seqIndex === SEQ.doctype.length) {
            this.state = S.InDeclaration;
            continue;
          }
          if ((c | 0x20) === this.seq[this.seqIndex]) this.seqIndex++;
          else if (c === 0x3e) this.comment(i);
          else this.state = S.InSpecialComment;
          i++;
          break;
        case S.BeforeComment:
          if (c === 0x2d) {
            this.state = S.InCommentLike;
            this.seq = SEQ.commentEnd;
            this.seqIndex = 0;
            this.setSection(i + 1);
            this.commentStart = this.base + i + 1;
          } else if (c === 0x3e) {
            this.comment(i);
          } else {
            this.state = S.InSpecialComment;
          }
          i++;
          break;
        case S.InCommentLike:
          i = this.commentLike(c, i);
          break;
        case S.InSpecialTag:
          i = this.specialTag(c, i);
          break;
        case S.InPlainText:
          i = len;
          break;
      }
    }
    this.cleanup();
  }

  /**
   * "<td" or "</td" whose name ends in this chunk, read at once as BeforeTagName, InTagName and
   * InClosingTagName would (a name that may begin a raw-text element is left to them); returns
   * the next index and sets the state, or -1 to let the states read it.
   */
  private plainTag(lt: number): number {
    const buf = this.buf;
    const len = buf.length;
    const c = buf.charCodeAt(lt + 1);
    if (isAsciiAlpha(c)) {
      const special = this.tree.inForeignContext() ? undefined : SPECIAL_START[c | 0x20];
      if (special !== undefined) {
        if (lt + 2 >= len || mayContinue(special, buf.charCodeAt(lt + 2) | 0x20)) return -1;
        this.isSpecial = false;
        this.seq = SEQ.empty;
      }
      let j = lt + 2;
      while (j < len && !isEndOfTagSection(buf.charCodeAt(j))) j++;
      if (j === len) return -1;
      this.setSection(lt + 1);
      this.openTagName(j);
      if (buf.charCodeAt(j) !== 0x3e) {
        this.state = S.BeforeAttributeName;
        return j;
      }
      this.openTagEnd();
      this.enterTagBody();
      this.setSection(j + 1);
      return j + 1;
    }
    if (c !== 0x2f || !isAsciiAlpha(buf.charCodeAt(lt + 2))) return -1;
    let j = lt + 3;
    while (j < len && !isEndOfTagSection(buf.charCodeAt(j))) j++;
    if (j === len) return -1;
    this.setSection(lt + 2);
    this.tree.closeTag(this.tree.readTagName(this.sectionName(j)));
    if (buf.charCodeAt(j) !== 0x3e) {
      this.sectionStart = -1;
      this.state = S.AfterClosingTagName;
      return j;
    }
    this.comment(j);
    return j + 1;
  }

  /** Reading "<scr": still a script's name? Returns true when c is to be read again. */
  private specialStart(c: number): boolean {
    const lower = c | 0x20;
    const seq = this.seq;
    if (this.seqIndex < seq.length) {
      if (lower === seq[this.seqIndex]) {
        this.seqIndex++;
        return false;
      }
      if (this.seqIndex === 3) {
        if (seq === SEQ.script && lower === SEQ.style[3]) {
          this.seq = SEQ.style;
          this.seqIndex = 4;
          return false;
        }
        if (seq === SEQ.title && lower === SEQ.textarea[3]) {
          this.seq = SEQ.textarea;
          this.seqIndex = 4;
          return false;
        }
      } else if (this.seqIndex === 4 && seq === SEQ.noembed && lower === SEQ.noframes[4]) {
        this.seq = SEQ.noframes;
        this.seqIndex = 5;
        return false;
      }
    } else if (isEndOfTagSection(c)) {
      this.seqIndex = 0;
      this.state = S.InTagName;
      return true;
    }
    this.isSpecial = false;
    this.seq = SEQ.empty;
    this.seqIndex = 0;
    this.state = S.InTagName;
    return true;
  }

  /** Inside "<!-- ... -->" or "<![CDATA[ ... ]]>"; returns the next index. */
  private commentLike(c: number, i: number): number {
    const seq = this.seq;
    const isComment = seq === SEQ.commentEnd;
    if (
      isComment &&
      this.seqIndex <= 1 &&
      this.base + i === this.commentStart + this.seqIndex &&
      c === 0x3e
    ) {
      this.comment(i); // "<!-->" and "<!--->"
    } else if (isComment && this.seqIndex === 2 && c === 0x3e) {
      this.comment(i); // "-->"; the "!" of "--!>" is optional
    } else if (isComment && this.seqIndex === seq.length - 1 && c !== 0x3e) {
      this.seqIndex = c === 0x2d ? 1 : 0;
    } else if (c === seq[this.seqIndex]) {
      if (++this.seqIndex === seq.length) {
        if (!isComment && this.keepCdata) {
          const raw = this.takeSection(i + 1);
          this.emit(raw.slice(0, raw.length - 3), false); // without "]]>"
        }
        this.keepCdata = false;
        this.seqIndex = 0;
        this.comment(i);
      }
    } else if (this.seqIndex === 0) {
      const next = this.buf.indexOf(String.fromCharCode(seq[0] ?? 0), i + 1);
      if (next < 0) return this.buf.length;
      this.seqIndex = 1;
      return next + 1;
    } else if (c !== seq[this.seqIndex - 1]) {
      this.seqIndex = 0; // "--->" and "]]]>" still end it
    }
    return i + 1;
  }

  /** Inside <script>, <style>, <title>, <textarea>...: text up to the end tag; next index. */
  private specialTag(c: number, i: number): number {
    const seq = this.seq;
    if (this.seqIndex === seq.length) {
      if (isEndOfTagSection(c)) {
        if (this.captureText) {
          const raw = this.takeSection(i);
          this.emit(raw.slice(0, raw.length - seq.length), this.isRcdata());
        } else this.carry = '';
        this.isSpecial = false;
        this.tree.closeTag(this.tree.readTagName(seqName(seq)));
        this.sectionStart = -1;
        this.state = S.AfterClosingTagName;
        return i;
      }
      this.seqIndex = 0;
    }
    if ((c | 0x20) === seq[this.seqIndex]) {
      this.seqIndex++;
    } else if (this.seqIndex === 0) {
      if (!this.isRcdata()) {
        // raw text: on to the next '<'
        const lt = this.buf.indexOf('<', i + 1);
        if (lt < 0) return this.buf.length;
        this.seqIndex = 1;
        return lt + 1;
      }
    } else {
      // in RCDATA an '&' right after a partial end tag ("</ti&amp;") is not an entity
      if (c === 0x26 && this.captureText && this.isRcdata()) {
        this.emit(this.takeSection(i), true);
        this.emit('&', false);
        this.sectionStart = i + 1;
      }
      this.seqIndex = c === 0x3c ? 1 : 0;
    }
    return i + 1;
  }

  /** End of a chunk: text so far is handed on, an unfinished section is carried over. */
  private cleanup(): void {
    const len = this.buf.length;
    const start = this.sectionStart;
    switch (this.state) {
      case S.Text:
        if (this.captureText) this.emitTextUpTo(len, true);
        else this.carry = '';
        break;
      case S.InPlainText:
        if (this.captureText) this.emit(this.takeSection(len), false);
        else this.carry = '';
        break;
      case S.InSpecialTag:
        if (!this.captureText) this.carry = '';
        else if (this.seqIndex === 0 && this.isRcdata()) this.emitTextUpTo(len, true);
        else {
          // the last seqIndex characters may be the end tag's start: held back
          const raw = this.takeSection(len);
          const cut = raw.length - this.seqIndex;
          this.emit(raw.slice(0, cut), this.isRcdata());
          this.carry = raw.slice(cut);
        }
        break;
      case S.InCommentLike:
        if (this.keepCdata) this.carry = this.takeSection(len);
        else this.carry = '';
        break;
      case S.BeforeTagName:
      case S.BeforeClosingTagName:
      case S.SpecialStartSequence:
      case S.InTagName:
      case S.InClosingTagName:
        if (start >= 0) this.carry = this.takeSection(len);
        break;
      case S.InAttributeName:
        if (this.tagAttrs) this.carry = this.takeSection(len);
        break;
      case S.InAttributeValueDq:
      case S.InAttributeValueSq:
      case S.InAttributeValueNq:
        if (this.attrName !== null) this.carry = this.takeSection(len);
        break;
      default:
        this.carry = '';
    }
    if (this.sectionStart >= 0) this.sectionStart = 0;
  }
}
