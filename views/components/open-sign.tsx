import type { OpenStatus } from '../../src/business/open-status';

/**
 * "Open now, until 5PM" or "Closed now, opens tomorrow at 9AM", with a green or grey dot: the sign
 * on the door, as of the moment the page was rendered (see useCurrentMoment).
 */
export function OpenSign({ status, className = '' }: { status: OpenStatus | undefined; className?: string }) {
  if (!status) return null;
  return (
    <p className={`flex items-center gap-2 text-sm ${className}`}>
      <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${status.open ? 'bg-success-700' : 'bg-ink-400'}`} />
      <span>
        <strong className={status.open ? 'text-success-700' : 'text-ink-800'}>{status.headline}</strong>, {status.detail}
      </span>
    </p>
  );
}
