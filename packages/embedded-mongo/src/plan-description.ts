import type { Document } from 'bson';
import type { QueryPlan } from './query-plan';

export interface PlanTables {
  table: string;
  indexTable: string | undefined;
  textTable: string | undefined;
  phraseTable: string | undefined;
  sortInMemory: boolean;
  countInIndex: boolean;
}

/**
 * A plan in the words of mongod's explain (COLLSCAN, IXSCAN, TEXT, FETCH, SORT) with what the
 * embedded server adds: the SQLite tables read, whether each candidate is decoded and checked
 * against the filter, and whether a count needs no document at all.
 */
export function describePlan(plan: QueryPlan, tables: PlanTables): Document {
  let input: Document;
  // The text search, answered in SQL: its words in the FTS5 word table, its phrases in the phrase table.
  const text = plan.text && {
    stage: 'TEXT',
    indexName: plan.text.index.name,
    fts5Table: tables.textTable,
    ...(plan.text.search.phrases.length + plan.text.search.negatedPhrases.length > 0 ? { phraseTable: tables.phraseTable } : {}),
    terms: plan.text.search.terms,
    negatedTerms: plan.text.search.negatedTerms,
    phrases: plan.text.search.phrases,
    negatedPhrases: plan.text.search.negatedPhrases,
  };
  if (plan.index) {
    // AND_SORTED in mongod's words: the entries of each further condition on the first field, and the text search's documents.
    const intersectedWith: Document[] = [...(plan.intersect ?? []).map((ranges) => ({ keyRanges: ranges.length })), ...(text ? [text] : [])];
    input = {
      stage: 'IXSCAN',
      indexName: plan.index.name,
      keyPattern: plan.index.spec.key,
      sqliteTable: tables.indexTable ?? `${tables.table} (id_key)`,
      keyRanges: plan.ranges.length,
      direction: plan.order === 'desc' ? 'backward' : 'forward',
      keyOrderIsSortOrder: plan.order !== 'natural',
      ...(intersectedWith.length > 0 ? { intersectedWith } : {}),
    };
  } else if (text) {
    input = text;
  } else {
    input = { stage: 'COLLSCAN', sqliteTable: tables.table };
  }
  const fetch: Document = { stage: 'FETCH', filterCheckedOnDocuments: !plan.covered, inputStage: input };
  const winningPlan = tables.sortInMemory ? { stage: 'SORT', sortInMemory: true, inputStage: fetch } : fetch;
  return { winningPlan, countWithoutDocuments: tables.countInIndex, usesIndex: plan.index !== undefined || plan.text !== undefined };
}
