// Defect: serves requests that come before notifications/initialized (a correct peer refuses them).
import { startPeer } from './base-peer.mjs';

startPeer({ serveBeforeInitialized: true });
