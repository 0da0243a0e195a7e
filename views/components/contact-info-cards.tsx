import { ContactDetailsCard } from './contact-details-card';
import { ContactHoursCard } from './contact-hours-card';

/** The contact page's side column: how to reach the dealer, and when. */
export function ContactInfoCards() {
  return (
    <div className="grid gap-8">
      <ContactDetailsCard />
      <ContactHoursCard />
    </div>
  );
}
