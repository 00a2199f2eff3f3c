import { lazy, Suspense } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { UsersScreen } from '../../features/users/components/users-screen';

// Its own chunk, loaded when the overlay first opens: the users list does not wait for it.
const CommunicationCentre = lazy(() =>
  import('../../features/communication').then((m) => ({ default: m.CommunicationCentre })),
);

export function Component() {
  return (
    <UsersScreen
      communication={
        <Suspense
          fallback={
            <div className="flex flex-1 items-center justify-center">
              <Spinner className="text-primary" />
            </div>
          }
        >
          <CommunicationCentre />
        </Suspense>
      }
    />
  );
}
