/** The four panels of a model's technical specifications, in the order docs/product.md#model-page-layouts lists them. */
export type SpecificationGroup = 'Performance' | 'Dimensions' | 'Capacity' | 'Features';
export const SPECIFICATION_GROUPS: readonly SpecificationGroup[] = ['Performance', 'Dimensions', 'Capacity', 'Features'];

export interface SpecificationLabel {
  label: string;
  group: SpecificationGroup;
}

/**
 * How a shopper reads each specification key used in seeds/catalog.json, and the panel it belongs
 * to. The record order is the display order within a group.
 */
export const specificationLabels: Record<string, SpecificationLabel> = {
  topSpeed: { label: 'Top Speed', group: 'Performance' },
  range: { label: 'Range', group: 'Performance' },
  chargingTime: { label: 'Charging Time', group: 'Performance' },
  length: { label: 'Length', group: 'Dimensions' },
  width: { label: 'Width', group: 'Dimensions' },
  height: { label: 'Height', group: 'Dimensions' },
  groundClearance: { label: 'Ground Clearance', group: 'Dimensions' },
  turningRadius: { label: 'Turning Radius', group: 'Dimensions' },
  seatingCapacity: { label: 'Seating Capacity', group: 'Capacity' },
  payloadCapacity: { label: 'Payload Capacity', group: 'Capacity' },
  towingCapacity: { label: 'Towing Capacity', group: 'Capacity' },
  bedSize: { label: 'Cargo Bed Size', group: 'Capacity' },
  batteryType: { label: 'Battery', group: 'Features' },
  batteryVoltage: { label: 'Battery Voltage', group: 'Features' },
  chargingPort: { label: 'Charging Port', group: 'Features' },
  tires: { label: 'Tires', group: 'Features' },
  brakes: { label: 'Brakes', group: 'Features' },
  streetLegal: { label: 'Street Legal', group: 'Features' },
  warranty: { label: 'Warranty', group: 'Features' },
};
