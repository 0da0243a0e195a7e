/** A VIN has 17 characters without I, O or Q: a street-legal LSV's serial number is one, a golf cart's is not. */
export function isVin(serialNumber: string): boolean {
  return /^[A-HJ-NPR-Z0-9]{17}$/.test(serialNumber);
}
