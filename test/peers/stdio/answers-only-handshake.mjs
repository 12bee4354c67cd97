// Defect: answers initialize (declaring tools) and nothing after it; every later request waits for its time limit.
import { startPeer } from './base-peer.mjs';

startPeer({ answer: (message) => message.method !== 'initialize' && message.method !== 'notifications/initialized' });
