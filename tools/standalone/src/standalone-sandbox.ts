export { pointAtSandbox, sandboxEnv } from '../../sandbox/src/deployment-env.js';
