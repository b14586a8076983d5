import { IsNotEmpty, IsString } from 'class-validator';

export class ConsoleConfig {
  // The web console's built bundle (`npm run build` writes it to dist/console), relative to the
  // working directory; served at /console.
  @IsNotEmpty()
  @IsString()
  CONSOLE_DIR: string = 'dist/console';
}
