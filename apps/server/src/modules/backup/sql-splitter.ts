type State = 'normal' | 'single' | 'escaped' | 'double' | 'dollar' | 'line' | 'block';

const IDENT = /[A-Za-z0-9_]/;

/**
 * Cuts a plain SQL script (ours or pg_dump's) into statements as it streams in: semicolons inside
 * strings, quoted identifiers, dollar-quoted bodies and comments do not end a statement, and
 * psql meta-commands (pg_dump's `\restrict` lines) are skipped.
 */
export class SqlSplitter {
  private buf = '';
  private i = 0;
  private state: State = 'normal';
  private tag = '';
  /** Nothing but whitespace and comments since the last statement. */
  private blank = true;

  push(chunk: string): string[] {
    this.buf += chunk;
    return this.scan(false);
  }

  end(): string[] {
    const out = this.scan(true);
    const rest = this.buf.trim();
    if (rest && !this.blank) out.push(rest);
    this.buf = '';
    this.i = 0;
    return out;
  }

  /** The next index of `ch` from the cursor, or the buffer's end to wait for more text. */
  private skipTo(ch: string): number {
    const at = this.buf.indexOf(ch, this.i);
    return at < 0 ? this.buf.length : at;
  }

  private emit(out: string[], upTo: number) {
    const stmt = this.buf.slice(0, upTo).trim();
    if (stmt && !this.blank) out.push(stmt);
    this.buf = this.buf.slice(upTo);
    this.i = 0;
    this.blank = true;
  }

  private scan(final: boolean): string[] {
    const out: string[] = [];
    const b = () => this.buf;
    while (this.i < b().length) {
      if (this.state === 'normal' && this.blank && this.i > 0) {
        // Leading whitespace and comments are not part of the statement.
        this.buf = b().slice(this.i);
        this.i = 0;
      }
      const c = b()[this.i] as string;
      const next = b()[this.i + 1];
      // Two-character tokens need their second character before deciding.
      if (next === undefined && !final && "-/*$'E\\".includes(c)) break;
      switch (this.state) {
        case 'normal':
          if (c === ';') {
            this.emit(out, this.i + 1);
            continue;
          }
          if (c === '\\' && this.blank) {
            const eol = b().indexOf('\n', this.i);
            if (eol < 0 && !final) return out;
            // A meta-command line: dropped along with everything blank before it.
            this.buf = b().slice(eol < 0 ? b().length : eol + 1);
            this.i = 0;
            continue;
          }
          if (c === '-' && next === '-') this.state = 'line';
          else if (c === '/' && next === '*') this.state = 'block';
          else if (c === "'") {
            const prev = b()[this.i - 1];
            const prev2 = b()[this.i - 2];
            this.state =
              (prev === 'E' || prev === 'e') && !(prev2 && IDENT.test(prev2))
                ? 'escaped'
                : 'single';
            this.blank = false;
          } else if (c === '"') {
            this.state = 'double';
            this.blank = false;
          } else if (c === '$' && !(this.i > 0 && IDENT.test(b()[this.i - 1] as string))) {
            const m = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(b().slice(this.i, this.i + 64));
            if (m) {
              this.state = 'dollar';
              this.tag = m[0];
              this.i += m[0].length;
              this.blank = false;
              continue;
            }
            if (!final && b().length - this.i < 64 && /^\$[A-Za-z0-9_]*$/.test(b().slice(this.i)))
              return out;
            this.blank = false;
          } else if (!/\s/.test(c)) this.blank = false;
          this.i += this.state === 'line' || this.state === 'block' ? 2 : 1;
          continue;
        case 'line':
          if (c !== '\n') {
            this.i = this.skipTo('\n');
            continue;
          }
          this.state = 'normal';
          this.i += 1;
          continue;
        case 'block':
          if (c === '*' && next === '/') {
            this.state = 'normal';
            this.i += 2;
          } else this.i += 1;
          continue;
        case 'single':
          if (c !== "'") {
            this.i = this.skipTo("'");
            continue;
          }
          // A doubled quote stays inside the string.
          if (next === "'") this.i += 2;
          else {
            this.state = 'normal';
            this.i += 1;
          }
          continue;
        case 'escaped':
          if (c === '\\') this.i += 2;
          else if (c === "'" && next === "'") this.i += 2;
          else {
            if (c === "'") this.state = 'normal';
            this.i += 1;
          }
          continue;
        case 'double':
          if (c !== '"') {
            this.i = this.skipTo('"');
            continue;
          }
          this.state = 'normal';
          this.i += 1;
          continue;
        case 'dollar': {
          const end = b().indexOf(this.tag, this.i);
          if (end < 0) {
            // Keep the tail that could be the start of the closing tag.
            this.i = Math.max(this.i, b().length - this.tag.length + 1);
            return out;
          }
          this.i = end + this.tag.length;
          this.state = 'normal';
          continue;
        }
      }
    }
    return out;
  }
}
