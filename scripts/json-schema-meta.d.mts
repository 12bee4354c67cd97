/** The module the bundle resolves to the generated meta-schema validators. */
export declare const MODULE_ID: string;
/** ajv's options for the meta-schema checks: those of validators/json-schema.ts. */
export declare const META_OPTIONS: Readonly<Record<string, boolean>>;
/** The CommonJS source of the generated validators, per dialect (see json-schema-meta.mjs). */
export declare function metaValidatorsSource(root?: string): string;
