import { useAsyncError } from 'react-router';
import { useBusiness } from '../hooks/use-business';
import { Card } from './card';

/** A vehicle list that could not be loaded (docs/product.md#loading-errors-and-empty-states), and how to reach us instead. */
export function VehicleLoadError({ message }: { message: string }) {
  const business = useBusiness();
  return (
    <Card className="border-l-4 border-danger-600 p-6">
      <p role="alert" className="text-lg font-bold text-danger-700">
        Error loading vehicles: {message}
      </p>
      <p className="mt-2 text-ink-700">
        Please reload the page in a moment, or call us at{' '}
        <a href={business.phoneHref} className="font-semibold text-brand-700 underline">
          {business.phone}
        </a>{' '}
        and we will tell you what is on the lot today.
      </p>
    </Card>
  );
}

/** The same, as the errorElement of an <Await> whose list failed in the browser. */
export function AsyncVehicleLoadError() {
  const error = useAsyncError();
  return <VehicleLoadError message={error instanceof Error ? error.message : String(error)} />;
}
