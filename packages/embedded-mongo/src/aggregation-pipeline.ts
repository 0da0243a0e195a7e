import { Aggregator, ProcessingMode } from 'mingo';
import type { Document } from 'bson';
import type { CollationSpec } from 'mingo/types';
import { cloneDocument } from './document-clone';
import { mingoOptions } from './document-query';
import { compileSimpleProjection } from './simple-projection';

export interface PipelineOptions {
  /** Documents of another collection in the same database, for $lookup, $unionWith and $graphLookup. */
  resolveCollection: (name: string) => Document[];
  variables?: Document;
  collation?: Document;
}

/**
 * Evaluates an aggregation pipeline. Inputs are not cloned: they are decoded from SQLite for this
 * command alone, so a stage that edits them in place changes nothing stored. A $facet is run
 * here rather than by mingo, which deep-copies its input for every branch: a branch whose
 * stages never change a document they are given reads the same documents uncopied.
 */
export function runPipeline(documents: Document[], pipeline: Document[], options: PipelineOptions): Document[] {
  // A plain $project first (an inventory page's cards) is built directly; mingo projects what it hands back.
  const project = pipeline.length > 0 && Object.keys(pipeline[0]!).length === 1 ? compileSimpleProjection(pipeline[0]!.$project) : undefined;
  if (project) {
    let fallback: Aggregator | undefined;
    const projected = documents.map((document) => project(document) ?? (fallback ??= aggregator(pipeline.slice(0, 1), options)).run([document])[0]!);
    return pipeline.length === 1 ? projected : runPipeline(projected, pipeline.slice(1), options);
  }
  const facetAt = pipeline.findIndex((stage) => Object.keys(stage).length === 1 && '$facet' in stage);
  if (facetAt < 0) return aggregator(pipeline, options).run(documents);
  const before = facetAt === 0 ? documents : aggregator(pipeline.slice(0, facetAt), options).run(documents);
  const branches = pipeline[facetAt]!.$facet as Document;
  // A later stage that sets a nested field could reach into documents two branches share.
  const shareable = pipeline.slice(facetAt + 1).every(leavesInputAlone);
  const faceted: Document = {};
  for (const [name, branch] of Object.entries(branches)) {
    const stages = branch as Document[];
    faceted[name] = aggregator(stages, options).run(shareable && stages.every(leavesInputAlone) ? before : before.map(cloneDocument));
  }
  return runPipeline([faceted], pipeline.slice(facetAt + 1), options);
}

function aggregator(pipeline: Document[], options: PipelineOptions): Aggregator {
  return new Aggregator(pipeline, {
    ...mingoOptions,
    processingMode: ProcessingMode.CLONE_OFF,
    collectionResolver: options.resolveCollection,
    ...(options.variables ? { variables: options.variables } : {}),
    ...(options.collation?.locale ? { collation: options.collation as CollationSpec } : {}),
  });
}

// Stages that build new documents or pass their input through untouched (mingo's $addFields and
// $set copy a document before setting a top-level field; $project builds a new one for the fields
// it keeps, and removes the ones it leaves out from a shallow copy).
const READING_STAGES = new Set(['$match', '$count', '$sort', '$skip', '$limit', '$group', '$sortByCount']);
const TOP_LEVEL_STAGES = new Set(['$addFields', '$set']);

/** True when a stage cannot change the documents it is given, nor let a later stage change them. */
function leavesInputAlone(stage: Document): boolean {
  const names = Object.keys(stage);
  if (names.length !== 1) return false;
  const name = names[0]!;
  if (READING_STAGES.has(name)) return true;
  const fields = stage[name] as Document;
  if (fields === null || typeof fields !== 'object') return false;
  const entries = Object.entries(fields);
  if (TOP_LEVEL_STAGES.has(name)) return entries.every(([field]) => !field.includes('.'));
  // An exclusion of a nested field would remove it from the input's own embedded document.
  if (name === '$project') return entries.every(([field, value]) => !field.includes('.') || (value !== 0 && value !== false));
  return false;
}
