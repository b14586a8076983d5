import { PushDevices1795740193993 } from './1795740193993-push-devices.js';

// Applied in this order; `npm run migrate -- generate --into push-devices` appends here.
export const pushDevicesMigrations = [PushDevices1795740193993];
