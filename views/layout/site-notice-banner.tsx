import { Link } from 'react-router';
import { useCurrentMoment } from '../hooks/use-business';

/**
 * The site notice staff put up (/staff/notice): one line above the header of every public page,
 * rendered by the server into the kept page from its start to its end (the render cache starts
 * over at each), so it never pushes the page down after it has painted. A region of its own, so
 * screen readers list it with the page's landmarks; white on the darkest brand blue.
 */
export function SiteNoticeBanner() {
  const notice = useCurrentMoment()?.notice;
  if (!notice) return null;
  return (
    <section aria-label="Notice" className="bg-brand-900 text-white">
      <p className="mx-auto max-w-6xl px-4 py-2 text-center text-sm font-semibold sm:px-6">
        {notice.link ? (
          <Link to={notice.link} className="underline underline-offset-2 hover:text-sun-300">
            {notice.text}
          </Link>
        ) : (
          notice.text
        )}
      </p>
    </section>
  );
}
