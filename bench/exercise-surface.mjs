// Why: the surface the exercise-throughput workload drives, shared by its server and by the bare
// SDK client it is paired with, so that both make the same calls: several quick read-only tools
// with typed input schemas, a resource, a resource template and a prompt with a required argument.
// Every handler answers at once, so the figures measure the clients, not the server's work.

/** The tools (the SDK's McpServer registers them with zod shapes built from `z`), each with the arguments the bare client calls it with. */
export function tools(z) {
  return [
    { name: 'convert_length', input: { value: z.number().min(0).max(1000), unit: z.enum(['m', 'ft']) }, args: { value: 12.5, unit: 'm' },
      run: ({ value, unit }) => `${unit === 'm' ? value * 3.28084 : value / 3.28084}` },
    { name: 'add', input: { a: z.number().int(), b: z.number().int() }, args: { a: 2, b: 3 }, run: ({ a, b }) => `${a + b}` },
    { name: 'word_count', input: { text: z.string().max(200) }, args: { text: 'one two three' }, run: ({ text }) => `${text.split(/\s+/).filter(Boolean).length}` },
    { name: 'reverse', input: { text: z.string().max(40) }, args: { text: 'abc' }, run: ({ text }) => [...text].reverse().join('') },
    { name: 'lookup_city', input: { name: z.enum(['Paris', 'Lima', 'Oslo']) }, args: { name: 'Lima' }, run: ({ name }) => `${name}: a city` },
    { name: 'mean', input: { values: z.array(z.number()).min(1).max(5) }, args: { values: [1, 2, 3] }, run: ({ values }) => `${values.reduce((s, v) => s + v, 0) / values.length}` },
  ];
}

/** The resource, the template (with the value the bare client expands it with) and the prompt (with its argument). */
export const RESOURCE = { name: 'readme', uri: 'bench://readme' };
export const TEMPLATE = { name: 'note', uriTemplate: 'bench://notes/{day}', day: 'monday' };
export const PROMPT = { name: 'summarize', args: { topic: 'tea' } };
