import type { Document, Error as MongooseError } from 'mongoose';

/** The fields Mongoose validation rejects in a document, sorted, or [] when the document is valid. */
export async function invalidFields(document: Document): Promise<string[]> {
  const error = (await document.validate().catch((failure: unknown) => failure)) as MongooseError.ValidationError | undefined;
  return Object.keys(error?.errors ?? {}).sort();
}
