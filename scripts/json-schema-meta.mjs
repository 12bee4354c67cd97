// Why: the specification profiles check every tool schema against its dialect's meta-schema with
// ajv, and ajv compiles a meta-schema to code the first time it is asked (60 ms or more in a fresh
// process, generated code the code cache cannot keep). The build generates that code once, with
// ajv's own standalone generator and the options validators/json-schema.ts uses, so the bundle holds
// it like any other function; the same meta-schema, the same generated checks, the same errors.
// validators/json-schema.ts loads it by MODULE_ID and falls back to ajv at run time without it.
import { createRequire } from 'node:module';

/** The module the bundle resolves to the generated code. */
export const MODULE_ID = 'mcp-statechart-json-schema-meta';

/** ajv's options for the meta-schema checks: those of validators/json-schema.ts. */
export const META_OPTIONS = { strict: false, allErrors: true, validateFormats: true, unicodeRegExp: true, inlineRefs: true, logger: false };

/**
 * The CommonJS source of a module exporting, per dialect, its meta-schema's `$id` (as ajv knows it)
 * and ajv's standalone validator for it (the function `ajv.validateSchema` runs).
 */
export function metaValidatorsSource(root = process.cwd()) {
  const require = createRequire(`${root}/package.json`);
  const standalone = require('ajv/dist/standalone').default;
  const { _ } = require('ajv');
  const addFormats = require('ajv-formats').default;
  const classes = { '2020-12': require('ajv/dist/2020.js').Ajv2020, '2019-09': require('ajv/dist/2019.js').Ajv2019, 'draft-07': require('ajv').Ajv };
  const parts = [];
  for (const [dialect, Ajv] of Object.entries(classes)) {
    const ajv = new Ajv({ ...META_OPTIONS, code: { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` } });
    addFormats(ajv);
    const id = ajv.defaultMeta();
    const code = standalone(ajv, ajv.getSchema(id));
    parts.push(`${JSON.stringify(dialect)}: { id: ${JSON.stringify(id)}, validate: (() => { const module = { exports: {} }; (function (module, exports) {${code}\n})(module, module.exports); return module.exports; })() }`);
  }
  return `"use strict";\nmodule.exports = {\n${parts.join(',\n')}\n};\n`;
}
