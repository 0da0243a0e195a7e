import type { Document } from 'bson';
import { MongoCommandError } from './mongo-command-error';

/** Typed access to a command's fields, failing with the error codes mongod uses. */
export class CommandArguments {
  private readonly command: Document;

  constructor(command: Document) {
    this.command = command;
  }

  /** The collection a command targets, named by the value of its first field. */
  collection(): string {
    const [name, value] = Object.entries(this.command)[0] ?? [];
    if (typeof value !== 'string') {
      throw new MongoCommandError(73, `collection name has invalid type ${typeName(value)}`);
    }
    return validCollectionName(value, name ?? 'command');
  }

  document(field: string): Document | undefined {
    const value = this.command[field];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'object' || Array.isArray(value) || isBsonValue(value)) {
      throw new MongoCommandError(14, `BSON field '${field}' is the wrong type '${typeName(value)}', expected type 'object'`);
    }
    return value as Document;
  }

  documents(field: string): Document[] {
    const value = this.command[field];
    if (!Array.isArray(value)) {
      throw new MongoCommandError(14, `BSON field '${field}' is the wrong type '${typeName(value)}', expected type 'array'`);
    }
    for (const element of value) {
      if (element === null || typeof element !== 'object' || Array.isArray(element)) {
        throw new MongoCommandError(14, `BSON field '${field}' must contain only documents`);
      }
    }
    return value as Document[];
  }

  integer(field: string): number | undefined {
    return toInteger(this.command[field], field);
  }

  boolean(field: string): boolean {
    const value = this.command[field];
    return value === true || (typeof value === 'number' && value !== 0);
  }

  string(field: string): string | undefined {
    const value = this.command[field];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') {
      throw new MongoCommandError(14, `BSON field '${field}' is the wrong type '${typeName(value)}', expected type 'string'`);
    }
    return value;
  }
}

// Fields drivers add to every command for sessions, routing and concerns; never options.
const envelopeFields = new Set([
  '$db',
  'lsid',
  '$clusterTime',
  'txnNumber',
  'autocommit',
  'startTransaction',
  'readConcern',
  'writeConcern',
  'apiVersion',
  'apiStrict',
  'apiDeprecationErrors',
  '$readPreference',
  'comment',
  'maxTimeMS',
]);

/** The command's own fields, without its name and without the driver's envelope. */
export function commandOptions(command: Document): Document {
  const options: Document = {};
  for (const [field, value] of Object.entries(command).slice(1)) {
    if (!envelopeFields.has(field)) options[field] = value;
  }
  return options;
}

export function toInteger(value: unknown, field: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return Math.trunc(value);
  if (typeof value === 'object' && isBsonValue(value)) {
    const type = (value as { _bsontype: string })._bsontype;
    if (type === 'Long' || type === 'Int32' || type === 'Double') return Number(value.toString());
  }
  throw new MongoCommandError(14, `BSON field '${field}' is the wrong type '${typeName(value)}', expected a number`);
}

export function validCollectionName(name: string, context: string): string {
  if (name.length === 0 || name.includes('\u0000') || name.startsWith('.') || name.includes('$')) {
    throw new MongoCommandError(73, `Invalid collection name for ${context}: '${name}'`);
  }
  return name;
}

function isBsonValue(value: object): boolean {
  return typeof (value as { _bsontype?: unknown })._bsontype === 'string';
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') return isBsonValue(value) ? String((value as { _bsontype: string })._bsontype) : 'object';
  return typeof value;
}
