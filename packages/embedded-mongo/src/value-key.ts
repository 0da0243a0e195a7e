import type { Binary, Decimal128, Long, ObjectId } from 'bson';

/**
 * A string that is equal for two values exactly when MongoDB treats them as the same index
 * key: numbers compare by value whatever their BSON type, embedded documents by field order.
 */
export function valueKey(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  switch (typeof value) {
    case 'number':
      return numberKey(value);
    case 'string':
      return `s${JSON.stringify(value)}`;
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return numberKey(value);
    case 'object':
      break;
    default:
      return `?${String(value)}`;
  }
  if (value instanceof Date) return `d${value.getTime()}`;
  if (value instanceof RegExp) return `r${String(value)}`;
  if (Array.isArray(value)) return `[${value.map(valueKey).join(',')}]`;
  const bsonType = (value as { _bsontype?: unknown })._bsontype;
  switch (bsonType) {
    case 'ObjectId':
      return `o${(value as ObjectId).toHexString()}`;
    case 'Long':
      return numberKey(BigInt((value as Long).toString()));
    case 'Int32':
    case 'Double':
      return numberKey((value as { valueOf(): number }).valueOf());
    case 'Decimal128':
      return decimalKey(value as Decimal128);
    case 'Binary':
      return `x${(value as Binary).sub_type}:${Buffer.from((value as Binary).value()).toString('base64')}`;
    case undefined:
      break;
    default:
      return `${String(bsonType)}:${String(value)}`;
  }
  const fields = Object.entries(value as Record<string, unknown>).map(([field, fieldValue]) => `${JSON.stringify(field)}:${valueKey(fieldValue)}`);
  return `{${fields.join(',')}}`;
}

function numberKey(value: number | bigint): string {
  if (typeof value === 'bigint') {
    // Integers a double holds exactly must collide with the equal double.
    const asNumber = Number(value);
    return BigInt(asNumber) === value ? numberKey(asNumber) : `n${value.toString()}`;
  }
  if (Number.isNaN(value)) return 'nNaN';
  if (Object.is(value, -0)) return 'n0';
  if (Number.isInteger(value) && !Number.isSafeInteger(value) && Number.isFinite(value)) {
    return `n${BigInt(value).toString()}`;
  }
  return `n${value}`;
}

function decimalKey(value: Decimal128): string {
  const text = value.toString();
  const asNumber = Number(text);
  return Number.isFinite(asNumber) && String(asNumber) === normalizeDecimal(text) ? numberKey(asNumber) : `n${text}`;
}

function normalizeDecimal(text: string): string {
  if (!text.includes('.') || text.includes('E')) return text;
  return text.replace(/\.?0+$/, '');
}
