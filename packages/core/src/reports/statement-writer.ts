import type { Cell } from './cells.js';
import type { StatementFigures, StatementModel, StatementTable } from './statement.types.js';

/** What a statement's writer needs before its first section: everything above the tables. */
export type StatementHead = Pick<
  StatementModel,
  'language' | 'title' | 'owner' | 'header' | 'timeZone' | 'generatedAt'
>;

/** A table's head: its rows and footer come after, one call each. */
export type StatementTableHead = Pick<StatementTable, 'key' | 'title' | 'columns'>;

/**
 * Writes a statement piece by piece, in document order: start, then per section either a table
 * (table, its rows, endTable) or a block of figures, then end. Each call returns the text of that
 * piece, so a statement can be sent while its rows are still being read.
 */
export interface StatementWriter {
  start(head: StatementHead): string;
  table(head: StatementTableHead): string;
  row(cells: readonly Cell[]): string;
  endTable(footer: StatementTable['footer']): string;
  figures(section: StatementFigures): string;
  end(): string;
}

/** The whole statement of a model as one string: the pieces of `writer`, in order. */
export function writeStatement(model: StatementModel, writer: StatementWriter): string {
  const parts = [writer.start(model)];
  for (const section of model.sections) {
    if (section.kind === 'figures') {
      parts.push(writer.figures(section));
      continue;
    }
    parts.push(writer.table(section));
    for (const row of section.rows) parts.push(writer.row(row));
    parts.push(writer.endTable(section.footer));
  }
  parts.push(writer.end());
  return parts.join('');
}
