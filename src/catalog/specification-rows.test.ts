import { describe, expect, it } from 'vitest';
import { humanizeSpecificationKey, specificationRows } from './specification-rows';

describe('specificationRows', () => {
  it('lists every pair, the four named keys first, with the labels shoppers read', () => {
    const entries = specificationRows({
      payloadCapacity: '900 lbs',
      batteryType: 'Lithium-ion',
      topSpeed: '25 mph',
      seatingCapacity: '4 passengers',
      range: '40-50 mi',
      motorPower: '5 kW',
    });
    expect(entries).toEqual([
      { key: 'topSpeed', label: 'Top Speed', value: '25 mph', group: 'Performance' },
      { key: 'range', label: 'Range', value: '40-50 mi', group: 'Performance' },
      { key: 'seatingCapacity', label: 'Seating Capacity', value: '4 passengers', group: 'Capacity' },
      { key: 'batteryType', label: 'Battery', value: 'Lithium-ion', group: 'Features' },
      { key: 'payloadCapacity', label: 'Payload Capacity', value: '900 lbs', group: 'Capacity' },
      { key: 'motorPower', label: 'Motor Power', value: '5 kW', group: 'Features' },
    ]);
  });
});

describe('humanizeSpecificationKey', () => {
  it('turns camelCase, snake_case and kebab-case keys into words', () => {
    expect(humanizeSpecificationKey('motorPower')).toBe('Motor Power');
    expect(humanizeSpecificationKey('max_load_rear')).toBe('Max Load Rear');
    expect(humanizeSpecificationKey('wheel-base')).toBe('Wheel Base');
    expect(humanizeSpecificationKey('usbPorts2')).toBe('Usb Ports2');
  });
});
