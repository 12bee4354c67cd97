// Defect (hostile): starts a grandchild in a process group of its own (detached) that inherits its
// stdout and keeps it open for a minute, then serves correctly and exits 0 when its input closes.
// The checker must record that exit as it was (no forced signal), end the grandchild and say so.
import { spawn } from 'node:child_process';
import { startPeer } from './base-peer.mjs';

const marker = process.argv.slice(2).find((a) => a.startsWith('--faulty-marker=')) ?? '--grandchild';
const grandchild = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)', '--', marker], { detached: true, stdio: ['ignore', 'inherit', 'ignore'] });
grandchild.unref();
startPeer();
