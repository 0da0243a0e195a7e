import type { ReactNode } from 'react';
import type { FeedImportView, FeedTroubleView } from '../../../src/staff/feed-status';
import { StaffTime } from './staff-time';

/** "2 added, 1 changed, 0 sold, 5 left alone": the units the import changed, as the inventory manager says it. */
function importText(last: FeedImportView): string {
  return `${last.added} added, ${last.changed} changed, ${last.sold} sold, ${last.leftAlone} left alone`;
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="sm:grid sm:grid-cols-[11rem_1fr] sm:gap-3">
      <dt className="font-semibold text-ink-900">{term}</dt>
      <dd className="text-ink-800">{children}</dd>
    </div>
  );
}

/**
 * On the staff home while the dealer's feed keeps failing (as many times in a row as staff are
 * e-mailed about): a calm notice, not an error of the page, saying what the site still shows, why
 * the last fetch failed and what the last good import did. Nobody has to act here; whoever looks
 * after the feed reads the reason.
 */
export function FeedTroubleNotice({ trouble }: { trouble: FeedTroubleView }) {
  const last = trouble.lastImport;
  return (
    <section aria-labelledby="feed-trouble-title" className="mt-6 rounded-[var(--radius-card)] bg-sun-100 p-4 ring-1 ring-inset ring-sun-300 sm:p-5">
      <h2 id="feed-trouble-title" className="text-lg font-bold text-ink-900">
        The inventory feed is not updating
      </h2>
      <p className="mt-1 text-sm text-ink-800">
        The last {trouble.failures} fetches of the dealer’s feed failed
        {trouble.failingSince ? (
          <>
            , since <StaffTime iso={trouble.failingSince} />
          </>
        ) : null}
        . The website keeps showing the inventory of the last good import; staff are e-mailed about it once.
      </p>
      <dl className="mt-3 grid gap-2 text-sm">
        <Fact term="Last failed">
          <StaffTime iso={trouble.lastFailedAt} />
        </Fact>
        <Fact term="Why">{trouble.reason}</Fact>
        {trouble.source ? (
          <Fact term="Feed">
            <span className="break-all">{trouble.source}</span>
          </Fact>
        ) : null}
        <Fact term="Next attempt">
          <StaffTime iso={trouble.nextFetchAt} />
        </Fact>
        <Fact term="Last good import">
          {last ? (
            <>
              <StaffTime iso={last.at} />: {importText(last)}
            </>
          ) : (
            'none yet: no import of this feed has succeeded'
          )}
        </Fact>
      </dl>
      <p className="mt-3 text-sm text-ink-800">
        Whoever looks after the feed or the website should check the reason above. This notice goes once the feed imports again.
      </p>
    </section>
  );
}
