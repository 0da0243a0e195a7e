import type { Showroom } from '../../src/config/business-profile';
import { ShowroomCard } from './showroom-card';

/** Every showroom as a card with its open sign, hours, phone and directions. */
export function ShowroomList({ showrooms }: { showrooms: Showroom[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {showrooms.map((showroom) => (
        <li key={showroom.id}>
          <ShowroomCard showroom={showroom} />
        </li>
      ))}
    </ul>
  );
}
