import type { UnitDetails, Vehicle } from '../../src/catalog/vehicle';
import type { Showroom } from '../../src/config/business-profile';
import { CONDITION_LABELS } from '../../src/catalog/condition-label';
import { isVin } from '../../src/catalog/vin';
import { formatFigure } from '../../src/text/format-figure';
import { FactTile } from './fact-tile';

/**
 * What a shopper weighs up about one cart on the lot: model year, condition, hours or miles, color,
 * stock and serial numbers, and the showroom where it stands, with directions there.
 */
export function UnitFacts({ vehicle, unit, showroom }: { vehicle: Pick<Vehicle, 'year' | 'specifications'>; unit: UnitDetails; showroom?: Showroom }) {
  const facts: [label: string, value: string | undefined][] = [
    ['Year', vehicle.year?.toString()],
    ['Condition', CONDITION_LABELS[unit.condition]],
    ['Hours', unit.hours === undefined ? undefined : formatFigure(unit.hours)],
    ['Odometer', unit.odometer === undefined ? undefined : `${formatFigure(unit.odometer)} mi`],
    ['Color', unit.color],
    ['Seats', vehicle.specifications.seatingCapacity],
    ['Stock #', unit.stockNumber],
    [unit.serialNumber && isVin(unit.serialNumber) ? 'VIN' : 'Serial #', unit.serialNumber],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {facts.map(([label, value]) =>
        value === undefined ? null : (
          <FactTile key={label} label={label}>
            {value}
          </FactTile>
        ),
      )}
      {showroom ? (
        <FactTile label="Location" wide>
          {showroom.name}, {showroom.street}, {showroom.city}{' '}
          <a href={showroom.directionsUrl} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 underline">
            Directions<span className="sr-only"> to the {showroom.name} (opens in a new tab)</span>
          </a>
        </FactTile>
      ) : null}
    </dl>
  );
}
