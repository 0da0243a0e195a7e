import { describe, expect, it } from 'vitest';
import { humanizeSpecificationKey, specificationEntries } from './specification-list';

describe('specificationEntries', () => {
  it('lists every pair, the four named keys first, with the labels shoppers read', () => {
    const entries = specificationEntries({
      payloadCapacity: '900 lbs',
      batteryType: 'Lithium-ion',
      topSpeed: '25 mph',
      seatingCapacity: '4 passengers',
      range: '40-50 mi',
      motorPower: '5 kW',
    });
    expect(entries).toEqual([
      { key: 'topSpeed', label: 'Top Speed', value: '25 mph' },
      { key: 'range', label: 'Range', value: '40-50 mi' },
      { key: 'seatingCapacity', label: 'Seating Capacity', value: '4 passengers' },
      { key: 'batteryType', label: 'Battery', value: 'Lithium-ion' },
      { key: 'payloadCapacity', label: 'Payload Capacity', value: '900 lbs' },
      { key: 'motorPower', label: 'Motor Power', value: '5 kW' },
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
