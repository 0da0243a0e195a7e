import type { SiteNotice } from '../../src/site-content/site-notice';

/**
 * The site notice staff put up (/staff/notice), as markup the server writes above the app's root
 * (views/entry-server.tsx, index.html's <!--app-banner-->): part of every public page and of the kept
 * page from its start to its end (the render cache starts over at each), so it never pushes the page
 * down after it has painted, and it costs the browser no JavaScript (React never hydrates it). A
 * region of its own, so screen readers list it with the page's landmarks; white on the darkest
 * brand blue. Its link is a plain link, a full page load.
 */
export function SiteNoticeBanner({ notice }: { notice: SiteNotice }) {
  return (
    <section aria-label="Notice" className="bg-brand-900 text-white">
      <p className="mx-auto max-w-6xl px-4 py-2 text-center text-sm font-semibold sm:px-6">
        {notice.link ? (
          <a href={notice.link} className="underline underline-offset-2 hover:text-sun-300">
            {notice.text}
          </a>
        ) : (
          notice.text
        )}
      </p>
    </section>
  );
}
