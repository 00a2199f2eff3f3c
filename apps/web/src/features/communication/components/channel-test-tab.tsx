import { FlaskConical } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { useTestChannels } from '../api/test-channels';
import { commTexts as t } from '../messages';
import type { CommResult } from './result-panel';

/** §2 tab 2 and §5: disabled while testing or when both email and phone are empty. */
export function ChannelTestTab({ onResult }: { onResult: (r: CommResult) => void }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const test = useTestChannels();
  const empty = email.trim() === '' && phone.trim() === '';

  const submit = () => {
    test.mutate(
      { email: email.trim() || null, phone: phone.trim() || null },
      {
        onSuccess: (r) =>
          onResult({ kind: 'success', ok: r.success, message: r.message, details: r.details }),
        onError: (e) => onResult({ kind: 'error', message: e.message }),
      },
    );
  };

  return (
    <div className="max-w-xl space-y-4">
      <p className="text-sm text-muted-foreground">{t.testIntro}</p>
      <Field id={`${id}-email`} label={t.testEmail}>
        {() => (
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </Field>
      <Field id={`${id}-phone`} label={t.testPhone} hint={t.testPhoneHint}>
        {(describedBy) => (
          <Input
            id={`${id}-phone`}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder={t.testPhonePlaceholder}
            aria-describedby={describedBy}
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
        )}
      </Field>
      <Button onClick={submit} disabled={test.isPending || empty}>
        {test.isPending ? <Spinner className="size-4" /> : <FlaskConical />}
        {test.isPending ? t.testing : t.testButton}
      </Button>
    </div>
  );
}
