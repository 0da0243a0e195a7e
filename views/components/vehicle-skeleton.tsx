/** A grey stand-in for a vehicle card while the catalog loads; same shape, so nothing shifts. */
export function VehicleCardSkeleton() {
  return (
    <div
      data-testid="vehicle-skeleton"
      aria-hidden="true"
      className="flex h-full animate-pulse flex-col overflow-hidden rounded-[var(--radius-card)] bg-white ring-1 ring-ink-200/70"
    >
      <div className="aspect-[8/5] w-full bg-ink-100" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="h-3 w-1/4 rounded bg-ink-200" />
        <div className="h-5 w-3/4 rounded bg-ink-200" />
        <div className="h-4 w-full rounded bg-ink-100" />
        <div className="mt-auto h-6 w-1/3 rounded bg-ink-200" />
      </div>
    </div>
  );
}

/** Six skeleton cards (docs/product.md#loading-errors-and-empty-states) and a status line for screen readers. */
export function VehicleGridSkeleton({ label = 'Loading vehicles…', className = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3' }: { label?: string; className?: string }) {
  return (
    <div>
      <p role="status" className="sr-only">
        {label}
      </p>
      <ul className={className} aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          <li key={index}>
            <VehicleCardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}
