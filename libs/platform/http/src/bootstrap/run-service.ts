import { ConfigValidationError } from '@platform/config';
import { createLogger } from '@platform/logging';
import { runUntilSignal } from './run-until-signal.js';
import type { PlatformSections, ServiceDefinition } from './service-definition.js';
import { startService } from './start-service.js';

// The entry point of an app running as its own process (distributed mode, containers).
export async function runService<S extends PlatformSections>(
  definition: ServiceDefinition<S>,
): Promise<void> {
  const logger = createLogger({ service: definition.name });
  try {
    const service = await startService(definition);
    runUntilSignal(logger, () => service.close());
  } catch (error) {
    if (error instanceof ConfigValidationError) {
      logger.fatal({ problems: error.problems }, error.message);
    } else {
      logger.fatal({ err: error }, 'failed to start');
    }
    process.exit(1);
  }
}
