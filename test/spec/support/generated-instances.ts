// Why: the differential fuzzer needs messages nobody wrote by hand. json-schema-faker generates
// instances of one definition of an official schema (read in place from ../shared/spec/) from a
// seed, and ajv, compiled from the same schema, confirms each: an instance the generator gets
// wrong is skipped and counted, never judged.
import { readFileSync } from 'node:fs';
import { generateSync } from 'json-schema-faker';
import { officialSchema, schemaPath, type Revision } from './official-schema.ts';

type Schema = { readonly [key: string]: unknown };

const documents = new Map<Revision, Schema>();

function documentOf(revision: Revision): Schema {
  let doc = documents.get(revision);
  if (!doc) {
    doc = JSON.parse(readFileSync(schemaPath(revision), 'utf8')) as Schema;
    documents.set(revision, doc);
  }
  return doc;
}

/** Instances of a definition, by seed, with the seeds whose instance ajv rejected. */
export interface Generated {
  readonly instances: readonly { readonly seed: number; readonly value: unknown }[];
  readonly rejected: readonly number[];
}

/** Instances of `definition` for seeds `first`..`first + count - 1`, each confirmed valid by ajv. */
export function generateInstances(revision: Revision, definition: string, count: number, first = 1): Generated {
  const doc = documentOf(revision);
  const root = { ...doc, $ref: `#/${Object.hasOwn(doc, '$defs') ? '$defs' : 'definitions'}/${definition}` };
  const official = officialSchema(revision);
  const instances: { seed: number; value: unknown }[] = [];
  const rejected: number[] = [];
  for (let seed = first; seed < first + count; seed++) {
    const value = generateSync(root as never, { seed, maxDepth: 6, optionalsProbability: 0.5, maxItems: 3 } as never);
    if (official.validate(definition, value).length === 0) instances.push({ seed, value });
    else rejected.push(seed);
  }
  return { instances, rejected };
}
