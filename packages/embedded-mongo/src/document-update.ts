import { Long, ObjectId, serialize } from 'bson';
import type { Document } from 'bson';
import { updateOne } from 'mingo';
import { cloneDocument } from './document-clone';
import { mingoOptions } from './document-query';
import { MongoCommandError } from './mongo-command-error';
import { valueKey } from './value-key';

export type UpdateSpec = Document | Document[];

export interface UpdateContext {
  filter: Document;
  arrayFilters?: Document[];
}

const updateOperators = new Set([
  '$addToSet',
  '$bit',
  '$currentDate',
  '$inc',
  '$max',
  '$min',
  '$mul',
  '$pop',
  '$pull',
  '$pullAll',
  '$push',
  '$rename',
  '$set',
  '$setOnInsert',
  '$unset',
]);

export function isReplacement(update: UpdateSpec): boolean {
  return !Array.isArray(update) && !Object.keys(update).some((field) => field.startsWith('$'));
}

/** Returns the updated copy of a stored document; the stored one is left untouched. */
export function applyUpdate(current: Document, update: UpdateSpec, context: UpdateContext): { document: Document; modified: boolean } {
  if (Array.isArray(update)) {
    const [updated] = runMingoUpdate(cloneDocument(current), {}, update, context.arrayFilters);
    assertSameId(current, updated);
    const document = idFirst(updated);
    return { document, modified: !sameBytes(current, document) };
  }
  if (isReplacement(update)) {
    if (update._id !== undefined && valueKey(update._id) !== valueKey(current._id)) {
      throw new MongoCommandError(66, "After applying the update, the (immutable) field '_id' was found to have been altered");
    }
    const { _id: ignoredId, ...fields } = update;
    const document = { _id: current._id, ...fields };
    return { document, modified: !sameBytes(current, document) };
  }
  const modifier = validateOperators(update);
  delete modifier.$setOnInsert;
  removeUnchangedId(modifier, current._id);
  applyLongArithmetic(current, modifier);
  if (Object.keys(modifier).length === 0) return { document: current, modified: false };
  const condition = usesPositionalOperator(modifier) ? context.filter : {};
  const [document, modified] = runMingoUpdate(cloneDocument(current), condition, modifier, context.arrayFilters);
  return { document, modified };
}

/** The document an upsert inserts: the filter's equality fields, then the update applied. */
export function buildUpsertDocument(filter: Document, update: UpdateSpec, context: UpdateContext): Document {
  const seed = equalitySeed(filter);
  if (isReplacement(update)) {
    const { _id: replacementId, ...fields } = update as Document;
    return { _id: replacementId ?? seed._id ?? new ObjectId(), ...fields };
  }
  let document: Document;
  if (Array.isArray(update)) {
    [document] = runMingoUpdate(seed, {}, update, context.arrayFilters);
  } else {
    const modifier = validateOperators(update);
    const onInsert = modifier.$setOnInsert as Document | undefined;
    delete modifier.$setOnInsert;
    if (onInsert) modifier.$set = { ...(modifier.$set as Document | undefined), ...onInsert };
    const set = modifier.$set as Document | undefined;
    if (set && '_id' in set) {
      if (seed._id !== undefined && valueKey(seed._id) !== valueKey(set._id)) {
        throw new MongoCommandError(66, "Performing an update on the path '_id' would modify the immutable field '_id'");
      }
      seed._id = set._id;
      const { _id: ignoredId, ...rest } = set;
      modifier.$set = rest;
    }
    applyLongArithmetic(seed, modifier);
    for (const operator of Object.keys(modifier)) {
      if (Object.keys(modifier[operator] as Document).length === 0) delete modifier[operator];
    }
    [document] = Object.keys(modifier).length ? runMingoUpdate(seed, {}, modifier, context.arrayFilters) : [seed];
  }
  if (document._id === undefined) document._id = seed._id ?? new ObjectId();
  return idFirst(document);
}

/** Puts _id first, where MongoDB always stores it. */
export function idFirst(document: Document): Document {
  if (Object.keys(document)[0] === '_id' || document._id === undefined) return document;
  const { _id, ...fields } = document;
  return { _id, ...fields };
}

function runMingoUpdate(document: Document, condition: Document, modifier: UpdateSpec, arrayFilters: Document[] | undefined): [Document, boolean] {
  const documents = [document];
  const result = updateOne(documents, condition, modifier as never, arrayFilters ? { arrayFilters } : {}, mingoOptions);
  return [documents[0]!, result.modifiedCount > 0];
}

function validateOperators(update: Document): Document {
  const modifier: Document = {};
  for (const [operator, operand] of Object.entries(update)) {
    if (!updateOperators.has(operator)) {
      throw new MongoCommandError(9, `Unknown modifier: ${operator}. Expected a valid update modifier or pipeline-style update specified as an array`);
    }
    if (operand === null || typeof operand !== 'object' || Array.isArray(operand)) {
      throw new MongoCommandError(9, `Modifiers operate on fields but we found type ${typeof operand} instead.`);
    }
    modifier[operator] = { ...operand };
  }
  const setPaths = Object.keys((modifier.$set as Document | undefined) ?? {});
  for (const path of Object.keys((modifier.$setOnInsert as Document | undefined) ?? {})) {
    if (setPaths.includes(path)) {
      throw new MongoCommandError(40, `Updating the path '${path}' would create a conflict at '${path}'`);
    }
  }
  return modifier;
}

// Mongoose and others re-send the unchanged _id in $set; MongoDB accepts that as a no-op.
function removeUnchangedId(modifier: Document, id: unknown): void {
  for (const operator of Object.keys(modifier)) {
    const operand = modifier[operator] as Document;
    for (const path of Object.keys(operand)) {
      if (path !== '_id' && !path.startsWith('_id.')) continue;
      if (operator === '$set' && path === '_id' && valueKey(operand[path]) === valueKey(id)) {
        delete operand[path];
      } else {
        throw new MongoCommandError(66, "Performing an update on the path '_id' would modify the immutable field '_id'");
      }
    }
    if (Object.keys(operand).length === 0) delete modifier[operator];
  }
}

/**
 * mingo does $inc and $mul with JavaScript operators, which turn a Long into a string.
 * Those are computed here with Long arithmetic and applied as $set instead.
 */
function applyLongArithmetic(current: Document, modifier: Document): void {
  for (const operator of ['$inc', '$mul']) {
    const operand = modifier[operator] as Document | undefined;
    if (!operand) continue;
    for (const [path, amount] of Object.entries(operand)) {
      const existing = simplePathValue(current, path);
      if (isBsonType(existing, 'Decimal128') || isBsonType(amount, 'Decimal128')) {
        throw new MongoCommandError(115, `${operator} on Decimal128 values is not supported by the embedded server`);
      }
      if (!(existing instanceof Long) && !(amount instanceof Long)) continue;
      if (path.includes('$')) {
        throw new MongoCommandError(115, `${operator} on Long values in arrays is not supported by the embedded server`);
      }
      let result: Long | number;
      if (isIntegral(existing) && isIntegral(amount)) {
        const base = existing instanceof Long ? existing : Long.fromNumber(Number(existing ?? 0));
        const factor = amount instanceof Long ? amount : Long.fromNumber(Number(amount));
        result = operator === '$inc' ? base.add(factor) : base.multiply(factor);
      } else {
        // Mixing a Long with a fractional double gives a double, as in MongoDB.
        const base = Number(existing ?? 0);
        const factor = Number(amount);
        result = operator === '$inc' ? base + factor : base * factor;
      }
      modifier.$set = { ...(modifier.$set as Document | undefined), [path]: result };
      delete operand[path];
    }
    if (Object.keys(operand).length === 0) delete modifier[operator];
  }
}

function isIntegral(value: unknown): boolean {
  return value === undefined || value === null || value instanceof Long || Number.isInteger(value);
}

function simplePathValue(document: Document, path: string): unknown {
  let value: unknown = document;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Document)[part];
  }
  return value;
}

function isBsonType(value: unknown, type: string): boolean {
  return value !== null && typeof value === 'object' && (value as { _bsontype?: unknown })._bsontype === type;
}

function usesPositionalOperator(modifier: Document): boolean {
  return Object.values(modifier).some((operand) => Object.keys(operand as Document).some((path) => path.split('.').includes('$')));
}

function assertSameId(before: Document, after: Document): void {
  if (valueKey(before._id) !== valueKey(after._id)) {
    throw new MongoCommandError(66, "After applying the update, the (immutable) field '_id' was found to have been altered");
  }
}

function sameBytes(left: Document, right: Document): boolean {
  return Buffer.from(serialize(left)).equals(serialize(right));
}

function equalitySeed(filter: Document): Document {
  const seed: Document = {};
  const visit = (conditions: Document): void => {
    for (const [field, condition] of Object.entries(conditions)) {
      if (field === '$and' && Array.isArray(condition)) {
        for (const part of condition) visit(part as Document);
      } else if (field.startsWith('$') || condition instanceof RegExp) {
        continue;
      } else if (isOperatorObject(condition)) {
        if ('$eq' in condition && !isOperatorObject(condition.$eq)) setPath(seed, field, condition.$eq);
      } else {
        setPath(seed, field, condition);
      }
    }
  };
  visit(filter);
  return cloneDocument(seed);
}

function isOperatorObject(value: unknown): value is Document {
  return value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype && Object.keys(value).some((field) => field.startsWith('$'));
}

function setPath(target: Document, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    if (node[part] === null || typeof node[part] !== 'object') node[part] = {};
    node = node[part] as Document;
  }
  node[parts[parts.length - 1]!] = value;
}
