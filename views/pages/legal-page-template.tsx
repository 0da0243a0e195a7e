import type { LegalPage } from '../../seeds/legal-pages';
import type { PageModule } from './page-module';

/** One template for the policy pages, whose text lives in seeds/legal-pages.ts. */
export function legalPageModule(page: LegalPage): PageModule {
  function LegalPageView() {
    return (
      <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl">{page.title}</h1>
        <p className="mt-3 text-lg text-ink-600">{page.summary}</p>
        <p className="mt-1 text-sm text-ink-500">Last updated {page.updated}</p>
        {page.sections.map((section) => (
          <section key={section.heading} className="mt-10">
            <h2 className="text-xl font-bold text-ink-900">{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-relaxed text-ink-700">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </article>
    );
  }
  return {
    Component: LegalPageView,
    handle: { head: () => ({ title: page.title, description: page.summary, canonicalPath: page.path }) },
  };
}
