import { Parser } from 'htmlparser2';
import { Readable } from 'node:stream';
import yazl from 'yazl';

/**
 * The same report as an XLSX (one sheet, UTF-16 LE XML as the terminal writes its parts): each
 * HTML row becomes a sheet row, each visible cell an inline string at its grid column (the
 * colspans summed), so the importer's XLSX path reads the same rows as its HTML path.
 */
export async function xlsxOfHtml(html: string): Promise<Buffer> {
  // UTF-16 rows as buffers (off the heap): a 200,000-deal sheet is ~730 MB
  const rows: Buffer[] = [];
  let cells: string[] | null = null;
  let col = 0;
  let cell: { text: string; span: number; hidden: boolean } | null = null;
  const colName = (i: number) => {
    let n = i + 1;
    let s = '';
    while (n > 0) {
      s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
      n = Math.floor((n - 1) / 26);
    }
    return s;
  };
  const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const endCell = () => {
    if (cells === null || cell === null) return;
    const text = cell.text.replace(/\s+/g, ' ').trim();
    if (!cell.hidden) {
      const r = rows.length + 1;
      if (text !== '') {
        cells.push(`<c r="${colName(col)}${r}" t="inlineStr"><is><t>${esc(text)}</t></is></c>`);
      }
      col += cell.span;
    }
    cell = null;
  };
  const endRow = () => {
    endCell();
    if (cells === null) return;
    rows.push(Buffer.from(`<row r="${rows.length + 1}">${cells.join('')}</row>`, 'utf16le'));
    cells = null;
  };
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'tr') {
          endRow();
          cells = [];
          col = 0;
        } else if ((name === 'td' || name === 'th') && cells !== null) {
          endCell();
          const span = Number.parseInt(attrs.colspan ?? '1', 10);
          cell = {
            text: '',
            span: span > 0 ? span : 1,
            hidden: (attrs.class ?? '').split(/\s+/).includes('hidden'),
          };
        }
      },
      ontext(text) {
        if (cell !== null) cell.text += text;
      },
      onclosetag(name) {
        if (name === 'td' || name === 'th') endCell();
        else if (name === 'tr' || name === 'table') endRow();
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  endRow();
  const utf16 = (xml: string) =>
    Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')]);
  const sheet = [
    utf16(
      '<?xml version="1.0" encoding="UTF-16"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
    ),
    ...rows,
    Buffer.from('</sheetData></worksheet>', 'utf16le'),
  ];
  const zip = new yazl.ZipFile();
  zip.addBuffer(utf16('<?xml version="1.0" encoding="UTF-16"?><Types/>'), '[Content_Types].xml');
  zip.addReadStream(Readable.from(sheet), 'xl/worksheets/sheet1.xml');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
}
