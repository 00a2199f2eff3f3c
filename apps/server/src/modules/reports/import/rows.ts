// The one row model both readers produce: HTML rows (htmlparser2) and XLSX rows (saxes) become
// cells placed on the report's grid, so one assembler reads both by structure, not by words.

export interface Cell {
  text: string; // whitespace collapsed, NBSP as a space, entities decoded
  col: number; // first grid column the cell covers (0-based)
  span: number; // HTML colspan; 1 in XLSX
}

export interface Row {
  cells: Cell[]; // visible cells in order (XLSX: non-empty cells only)
  hidden: string[]; // HTML cells of class "hidden" (the Positions magic, the Deals cost)
  // a title or section row: one non-empty cell at column 0 spanning the table (HTML) or alone
  // on its row (XLSX), not a label and not a time
  banner: boolean;
  // the row as the trader finds it: the sheet's row number (XLSX "r"), else the assembler
  // counts the rows it is given (every HTML <tr>, in the file's order), 1-based
  line?: number;
}

export function cellAt(row: Row, col: number): string | undefined {
  for (const c of row.cells) if (c.col === col) return c.text;
  return undefined;
}

export function nonEmpty(row: Row): Cell[] {
  return row.cells.filter((c) => c.text !== '');
}

export function isLabel(text: string): boolean {
  return text.length > 1 && text.endsWith(':');
}

/** Label/value pairs in reading order; a label with no value cell is left out. */
export function labelPairs(row: Row): { label: string; text: string }[] {
  const pairs: { label: string; text: string }[] = [];
  row.cells.forEach((c, i) => {
    if (!isLabel(c.text)) return;
    const next = row.cells[i + 1];
    if (next === undefined || isLabel(next.text)) return;
    pairs.push({ label: c.text.slice(0, -1).trim(), text: next.text });
  });
  return pairs;
}
