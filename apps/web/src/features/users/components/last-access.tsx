import { formatLastAccess } from '../utils/format';

/** One text ('dd/mm/aaaa HH:mm' or 'Nunca'), narrow enough that the time wraps under the date. */
export function LastAccess({
  lastLogin,
  inline = false,
}: {
  lastLogin: string | null;
  inline?: boolean;
}) {
  return (
    <span className={inline ? undefined : 'block max-w-[5.5rem]'}>
      {formatLastAccess(lastLogin)}
    </span>
  );
}
