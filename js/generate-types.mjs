// Reads one JSON Schema on stdin (tools/site_types.py makes it from
// ma.json_schema) and writes its TypeScript declarations on stdout, with
// json-schema-to-typescript. Run through tools/site_types.py, not by hand.
import { compile } from "json-schema-to-typescript";

let text = "";
for await (const chunk of process.stdin) text += chunk;
const schema = JSON.parse(text);
const out = await compile(schema, schema.title, {
  bannerComment: "",
  additionalProperties: false,
  unreachableDefinitions: true,
  strictIndexSignatures: true,
  style: { singleQuote: false, printWidth: 99 },
});
process.stdout.write(out);
