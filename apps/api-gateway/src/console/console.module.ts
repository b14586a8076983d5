import { Module } from '@nestjs/common';
import { ConsoleBundle } from './console-bundle.js';
import { ConsoleController } from './console.controller.js';

// Serves the web console's bundle at /console.
@Module({ controllers: [ConsoleController], providers: [ConsoleBundle] })
export class ConsoleModule {}
