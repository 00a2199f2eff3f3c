import { taxMessages as m } from '@vortex/core';
import { Download, Printer } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { downloadAnnualCsv } from '../api/download-annual-csv';
import { annualPath } from '../utils/paths';

interface TaxesToolbarProps {
  year: number;
  years: readonly number[];
  onYear: (year: number) => void;
}

/** The year picker and the year's two downloads. */
export function TaxesToolbar({ year, years, onYear }: TaxesToolbarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    setFailed(null);
    try {
      await downloadAnnualCsv(year);
    } catch (err) {
      setFailed(err instanceof Error ? err.message : m.csvFailed);
    } finally {
      setBusy(false);
    }
  };
  // The picker always offers the shown year, even one the server's list does not hold.
  const options = years.includes(year) ? years : [year, ...years].sort((a, b) => b - a);
  return (
    <div className="space-y-2 print:hidden">
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-2">
          <Label htmlFor="tax-year">{m.yearLabel}</Label>
          <NativeSelect
            id="tax-year"
            className="w-28"
            value={year}
            onChange={(e) => onYear(Number(e.target.value))}
          >
            {options.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button variant="outline" disabled={busy} onClick={() => void download()}>
          <Download aria-hidden />
          {m.downloadCsv}
        </Button>
        <Button variant="outline" asChild>
          <Link to={annualPath(year)}>
            <Printer aria-hidden />
            {m.printable}
          </Link>
        </Button>
      </div>
      {failed && (
        <p role="alert" className="text-sm text-destructive">
          {failed}
        </p>
      )}
    </div>
  );
}
