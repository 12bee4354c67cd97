// Defect: dies at start after echoing its environment's secret on stderr, among enough other output
// that the excerpt must be cut (once in the middle of the secret's neighbourhood), and a terminal escape.
const secret = process.env['MY_API_TOKEN'] ?? '';
const filler = 'x'.repeat(70);
let out = '';
for (let i = 0; i < 400; i++) out += `line ${i} ${filler} ${i % 7 === 0 ? secret : ''}\n`;
out += `\u001b[31mfatal\u001b[0m: cannot use token ${secret}\n`;
process.stderr.write(out, () => process.exit(3));
