import { Aggregator, ProcessingMode } from 'mingo';
import type { Document } from 'bson';
import type { CollationSpec } from 'mingo/types';
import { mingoOptions } from './document-query';

export interface PipelineOptions {
  /** Documents of another collection in the same database, for $lookup, $unionWith and $graphLookup. */
  resolveCollection: (name: string) => Document[];
  variables?: Document;
  collation?: Document;
}

/**
 * Evaluates an aggregation pipeline. Inputs are not cloned: they are decoded from SQLite for this
 * command alone, so a stage that edits them in place changes nothing stored.
 */
export function runPipeline(documents: Document[], pipeline: Document[], options: PipelineOptions): Document[] {
  const aggregator = new Aggregator(pipeline, {
    ...mingoOptions,
    processingMode: ProcessingMode.CLONE_OFF,
    collectionResolver: options.resolveCollection,
    ...(options.variables ? { variables: options.variables } : {}),
    ...(options.collation?.locale ? { collation: options.collation as CollationSpec } : {}),
  });
  return aggregator.run(documents);
}
