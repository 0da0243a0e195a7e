import { SiteLink } from './site-link';

/** The wordmark: a wheel over a wave, and the business name. */
export function SiteLogo({ name, tone = 'dark' }: { name: string; tone?: 'dark' | 'light' }) {
  return (
    <SiteLink to="/" className="flex items-center gap-2.5 rounded-md" aria-label={`${name}, home`}>
      <svg viewBox="0 0 40 40" width="36" height="36" aria-hidden="true" focusable="false">
        <circle cx="20" cy="20" r="20" fill="#125371" />
        <circle cx="20" cy="17" r="8" fill="none" stroke="#fbbf24" strokeWidth="3" />
        <circle cx="20" cy="17" r="2.5" fill="#fbbf24" />
        <path d="M6 29c3.5-3 7-3 10.5 0s7 3 10.5 0 5.5-2.6 7 -1.6" fill="none" stroke="#ffffff" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <span className={`whitespace-nowrap text-lg font-extrabold tracking-tight ${tone === 'dark' ? 'text-brand-900' : 'text-white'}`}>{name}</span>
    </SiteLink>
  );
}
