import { Info, LifeBuoy } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { mt5Texts } from '../messages';

const t = mt5Texts.guide;

/** The info and troubleshooting sections of trading.md §2, for the MT5 computer's owner. */
export function Mt5Guide() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader className="flex-row items-center gap-2 pb-4">
          <Info aria-hidden className="size-5 text-primary" />
          <CardTitle className="text-lg">{t.title}</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="space-y-3">
            {t.steps.map((step, index) => (
              <li key={step} className="flex gap-3 text-sm">
                <span className="grid size-6 shrink-0 place-items-center rounded-full bg-primary/10 text-xs font-semibold text-primary">
                  {index + 1}
                </span>
                <span className="pt-0.5">{step}</span>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex-row items-center gap-2 pb-4">
          <LifeBuoy aria-hidden className="size-5 text-primary" />
          <CardTitle className="text-lg">{t.troubleshootingTitle}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="space-y-3">
            {t.troubleshooting.map((item) => (
              <div key={item.title} className="text-sm">
                <dt className="font-medium">{item.title}</dt>
                <dd className="text-muted-foreground">{item.text}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}
