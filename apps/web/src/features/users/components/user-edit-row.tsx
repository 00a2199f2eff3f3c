import { ROLES, roleLabels, type PublicUser, type UserUpdate } from '@vortex/core';
import { Save, X } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { Spinner } from '../../../components/ui/spinner';
import { TableCell, TableRow } from '../../../components/ui/table';
import { useUpdateUser } from '../api/update-user';
import { usersTexts as t } from '../messages';
import { editableStatusOf } from '../utils/user-status';

type EditValues = Required<{ [K in keyof UserUpdate]: string }>;
type TextKey = 'full_name' | 'date_of_birth' | 'email' | 'phone' | 'username';

const valuesOf = (user: PublicUser): EditValues => ({
  full_name: user.full_name,
  date_of_birth: user.date_of_birth ?? '',
  email: user.email,
  phone: user.phone ?? '',
  username: user.username,
  role: user.role,
  status: editableStatusOf(user.status),
  account_type: user.account_type.toUpperCase(),
});

/** Every field of §7's PUT; no client-side bounds (§5): the server decides and says why. */
const changesOf = (v: EditValues): UserUpdate => ({
  full_name: v.full_name,
  date_of_birth: v.date_of_birth.trim() || null,
  email: v.email,
  phone: v.phone.trim() || null,
  username: v.username,
  role: v.role as UserUpdate['role'],
  status: v.status as UserUpdate['status'],
  account_type: v.account_type as UserUpdate['account_type'],
});

const TEXT_FIELDS: { key: TextKey; type?: string; placeholder?: string }[] = [
  { key: 'full_name' },
  { key: 'date_of_birth', placeholder: 'AAAA-MM-DD' },
  { key: 'email', type: 'email' },
  { key: 'phone', type: 'tel' },
  { key: 'username' },
];

const SELECTS = {
  role: ROLES.map((role) => [role, roleLabels[role]] as const),
  status: (['pending', 'active', 'suspended'] as const).map((s) => [s, t.badge[s]] as const),
  account_type: (['DEMO', 'REAL'] as const).map((a) => [a, a] as const),
};

interface UserEditRowProps {
  user: PublicUser;
  colSpan: number;
  onDone: () => void;
}

/** The row in edit mode (§4): one at a time; save or cancel leaves it. */
export function UserEditRow({ user, colSpan, onDone }: UserEditRowProps) {
  const form = useForm({ defaultValues: valuesOf(user) });
  const update = useUpdateUser();

  const handleSubmit = form.handleSubmit((values) => {
    update.mutate({ id: user.id, changes: changesOf(values) }, { onSuccess: onDone });
  });

  const id = (key: string) => `edit-${user.id}-${key}`;
  return (
    <TableRow className="bg-primary/5">
      <TableCell colSpan={colSpan}>
        <form
          aria-label={t.editing(user.username)}
          onSubmit={(event) => void handleSubmit(event)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onDone();
          }}
          // Pinned to the visible part of a sideways-scrolling table, so Save stays in reach.
          className="sticky left-4 w-[calc(100cqw-2rem)] space-y-4 py-1"
        >
          <p className="text-sm font-semibold">{t.editing(user.username)}</p>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {TEXT_FIELDS.map(({ key, type, placeholder }) => (
              <div key={key} className="space-y-1.5">
                <Label htmlFor={id(key)}>{t.fields[key]}</Label>
                <Input
                  id={id(key)}
                  type={type ?? 'text'}
                  placeholder={placeholder}
                  autoFocus={key === 'full_name'}
                  {...form.register(key)}
                />
              </div>
            ))}
            {(Object.keys(SELECTS) as (keyof typeof SELECTS)[]).map((key) => (
              <div key={key} className="space-y-1.5">
                <Label htmlFor={id(key)}>{t.fields[key]}</Label>
                <NativeSelect id={id(key)} {...form.register(key)}>
                  {SELECTS[key].map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            ))}
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" size="sm" onClick={onDone}>
              <X />
              {t.cancel}
            </Button>
            <Button type="submit" size="sm" disabled={update.isPending}>
              {update.isPending ? <Spinner /> : <Save />}
              {t.save}
            </Button>
          </div>
        </form>
      </TableCell>
    </TableRow>
  );
}
