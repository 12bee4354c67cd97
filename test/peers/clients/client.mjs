// node client.mjs stdio|http [DEFECT] [URL]: the hand-written test client, correct or with one defect.
import { runClient } from './base-client.mjs';

const [transport = 'stdio', defect = 'none'] = process.argv.slice(2);
await runClient({ transport, defect: defect.startsWith('http') ? 'none' : defect });
